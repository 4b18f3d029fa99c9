import { describe, expect, it } from 'vitest';
import { availableClientSteps, currentClientStep, isClientStep, type ClientStepState } from './clientOrderSteps';

const state = (
  orderStatus: string,
  leadingOfferStatus: string | null = null,
  extra: Partial<ClientStepState> = {},
): ClientStepState => ({
  orderStatus,
  leadingOfferStatus,
  partnerOrderCount: 0,
  offerDocumentCount: 0,
  finalDocumentCount: 0,
  hasPayCheck: false,
  ...extra,
});

describe('client request modal steps (spec core §2, §4 deal flow)', () => {
  it('a request on the check shows its data only', () => {
    for (const s of ['VALIDATION', 'IN_VALIDATION']) {
      expect(availableClientSteps(state(s))).toEqual(['data']);
      expect(currentClientStep(state(s))).toBe('data');
    }
  });
  it('an ACTIVE request opens on the offers, the detail once an offer leads', () => {
    expect(availableClientSteps(state('ACTIVE', null, { partnerOrderCount: 2 }))).toEqual(['data', 'offers']);
    expect(currentClientStep(state('ACTIVE', null, { partnerOrderCount: 2 }))).toBe('offers');
    expect(availableClientSteps(state('ACTIVE', 'SEND_OFFER', { partnerOrderCount: 2 }))).toEqual([
      'data',
      'offers',
      'offer',
    ]);
    expect(currentClientStep(state('ACTIVE', 'SEND_OFFER'))).toBe('offers');
  });
  it('follows the accepted offer through documents, payment and closing documents', () => {
    expect(currentClientStep(state('OFFER_ACCEPTED', 'ACCEPTED'))).toBe('offer');
    expect(availableClientSteps(state('OFFER_ACCEPTED', 'SEND_OFFER_DOCS'))).toEqual([
      'data',
      'offers',
      'offer',
      'documents',
    ]);
    expect(currentClientStep(state('OFFER_ACCEPTED', 'SEND_OFFER_DOCS'))).toBe('documents');
    expect(currentClientStep(state('OFFER_ACCEPTED', 'ACCEPTED_OFFER_DOCS'))).toBe('documents');
    expect(availableClientSteps(state('OFFER_ACCEPTED', 'SEND_PAYCHECK'))).toEqual([
      'data',
      'offers',
      'offer',
      'documents',
      'payment',
    ]);
    expect(currentClientStep(state('OFFER_ACCEPTED', 'SEND_PAYCHECK'))).toBe('payment');
    expect(currentClientStep(state('PAYMENT_CHECKING', 'PAYMENT_CHECKING'))).toBe('payment');
    expect(currentClientStep(state('EXECUTING', 'EXECUTING'))).toBe('payment');
    expect(availableClientSteps(state('EXECUTING', 'SEND_EXECUTING_DOCS'))).toEqual([
      'data',
      'offers',
      'offer',
      'documents',
      'payment',
      'closing',
    ]);
    expect(currentClientStep(state('EXECUTING', 'SEND_EXECUTING_DOCS'))).toBe('closing');
  });
  it('an ended request opens on the result', () => {
    expect(availableClientSteps(state('EXECUTED', 'EXECUTED'))).toEqual([
      'data',
      'offers',
      'offer',
      'documents',
      'payment',
      'closing',
      'result',
    ]);
    expect(currentClientStep(state('EXECUTED', 'EXECUTED'))).toBe('result');
    expect(availableClientSteps(state('CANCELED'))).toEqual(['data', 'result']);
    expect(availableClientSteps(state('REJECTED', null, { partnerOrderCount: 1 }))).toEqual([
      'data',
      'offers',
      'result',
    ]);
    expect(currentClientStep(state('REJECTED'))).toBe('result');
  });
  it('keeps steps whose documents or bill exist even when the offer left the flow', () => {
    expect(
      availableClientSteps(state('CANCELED', null, { partnerOrderCount: 1, offerDocumentCount: 1, hasPayCheck: true })),
    ).toEqual(['data', 'offers', 'documents', 'payment', 'result']);
  });
  it('recognises step names', () => {
    expect(isClientStep('closing')).toBe(true);
    expect(isClientStep('scoring')).toBe(false);
    expect(isClientStep(null)).toBe(false);
  });
});
