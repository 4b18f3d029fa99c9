import { describe, expect, it } from 'vitest';
import {
  REFERRAL_DOCUMENT_STATUS_LABELS,
  REFERRAL_DOCUMENT_STATUSES,
  referralDocumentDeletable,
  referralDocumentStatus,
} from './documents.js';

describe('referral partner documents and acts (issue 11; spec core §3 "Referral partner")', () => {
  it('derives the status from the two signatures, in either order', () => {
    expect(referralDocumentStatus({ agent: false, operator: false })).toBe('AWAITING_PARTNER');
    expect(referralDocumentStatus({ agent: false, operator: true })).toBe('AWAITING_PARTNER');
    expect(referralDocumentStatus({ agent: true, operator: false })).toBe('AWAITING_OPERATOR');
    expect(referralDocumentStatus({ agent: true, operator: true })).toBe('SIGNED');
  });

  it('labels every status in Russian', () => {
    expect(REFERRAL_DOCUMENT_STATUSES.map((s) => REFERRAL_DOCUMENT_STATUS_LABELS[s])).toEqual([
      'Ожидает подписи партнёра',
      'Ожидает подписи оператора',
      'Подписан обеими сторонами',
    ]);
  });

  it('only an unsigned document can be deleted', () => {
    expect(referralDocumentDeletable({ agent: false, operator: false })).toBe(true);
    expect(referralDocumentDeletable({ agent: true, operator: false })).toBe(false);
    expect(referralDocumentDeletable({ agent: false, operator: true })).toBe(false);
  });
});
