import { describe, expect, it } from 'vitest';
import { availableSteps, defaultStep, stepFor, validateRefuseReason } from './modalSteps';

const open = (status: string) => [...availableSteps(status)].sort();

describe('request modal steps by offer status (spec core §2, §4)', () => {
  it.each([
    ['ALLOWED', ['data', 'info']],
    ['IN_PROGRESS', ['data', 'info', 'offer']],
    ['CREATED_OFFER', ['data', 'info', 'offer']],
    ['SEND_OFFER', ['data', 'info', 'offer']],
    ['ACCEPTED', ['data', 'documents', 'info', 'offer']],
    ['SEND_OFFER_DOCS', ['data', 'documents', 'info', 'offer']],
    ['ACCEPTED_OFFER_DOCS', ['data', 'documents', 'info', 'offer', 'payment']],
    ['SEND_PAYCHECK', ['data', 'documents', 'info', 'offer', 'payment']],
    ['PAYMENT_CHECKING', ['data', 'documents', 'info', 'offer', 'payment']],
    ['EXECUTING', ['closure', 'data', 'documents', 'info', 'offer', 'payment']],
    ['SEND_EXECUTING_DOCS', ['closure', 'data', 'documents', 'info', 'offer', 'payment']],
    ['EXECUTED', ['closure', 'data', 'documents', 'info', 'offer', 'payment']],
    // Details hidden (spec core §4) — nothing but the request and its info.
    ['REJECTED', ['data', 'info']],
    ['REFUSE_OPER', ['data', 'info']],
    ['SIGNED_ANOTHER_OFFER', ['data', 'info']],
  ])('%s opens %j', (status, steps) => expect(open(status)).toEqual([...steps].sort()));

  it('opens where the agent acts next', () => {
    expect(defaultStep('ALLOWED')).toBe('data');
    expect(defaultStep('IN_PROGRESS')).toBe('offer');
    expect(defaultStep('ACCEPTED')).toBe('documents');
    expect(defaultStep('SEND_PAYCHECK')).toBe('payment');
    expect(defaultStep('EXECUTING')).toBe('closure');
    expect(defaultStep('REFUSE_OPER')).toBe('data');
  });

  it('falls back to the default when the requested step is closed', () => {
    expect(stepFor('ALLOWED', 'payment')).toBe('data');
    expect(stepFor('EXECUTING', 'info')).toBe('info');
    expect(stepFor('SEND_OFFER', null)).toBe('offer');
  });
});

describe('refusal (spec core §5: a refusal reason is required)', () => {
  it('requires a non-blank reason', () => {
    expect(validateRefuseReason('')).toBe('Укажите причину отказа');
    expect(validateRefuseReason('   ')).toBe('Укажите причину отказа');
    expect(validateRefuseReason('Нет лимита')).toBe(true);
  });
});
