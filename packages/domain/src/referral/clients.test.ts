import { describe, expect, it } from 'vitest';
import {
  CLIENT_APPROVAL_REQUIRED,
  isClientCardOgrn,
  isLiveReferralStatus,
  LIVE_REFERRAL_STATUSES,
  MAX_EXTRA_CONTACTS,
  normalizeExtraContacts,
  REFERRAL_CLIENT_STATUS_LABELS,
  REFERRAL_CLIENT_STATUSES,
  verificationShare,
  verificationShareLabel,
} from './clients.js';

describe('referral clients (spec core §3 "Client added by a partner", §6)', () => {
  it('live statuses are INVITED, CONSENT_REQUESTED and ACTIVE', () => {
    expect([...LIVE_REFERRAL_STATUSES]).toEqual(['INVITED', 'CONSENT_REQUESTED', 'ACTIVE']);
    expect(REFERRAL_CLIENT_STATUSES.filter(isLiveReferralStatus)).toEqual([...LIVE_REFERRAL_STATUSES]);
    expect(isLiveReferralStatus('REMOVED')).toBe(false);
    expect(isLiveReferralStatus('DECLINED')).toBe(false);
    expect(REFERRAL_CLIENT_STATUS_LABELS.CONSENT_REQUESTED).toBe('Ожидает согласия');
  });

  it('verification share: floor percent, 0 without clients, clamped counts', () => {
    expect(verificationShare(0, 0)).toEqual({ total: 0, verified: 0, percent: 0 });
    expect(verificationShare(3, 1)).toEqual({ total: 3, verified: 1, percent: 33 });
    expect(verificationShare(3, 2)).toEqual({ total: 3, verified: 2, percent: 66 });
    expect(verificationShare(2, 2)).toEqual({ total: 2, verified: 2, percent: 100 });
    expect(verificationShare(2, 5)).toEqual({ total: 2, verified: 2, percent: 100 });
    expect(verificationShare(-1, -1)).toEqual({ total: 0, verified: 0, percent: 0 });
    expect(verificationShareLabel(verificationShare(4, 1))).toBe('Верифицировано 1 из 4 (25 %)');
  });

  it('extra contacts: trimmed, lower-cased, blanks and duplicates dropped', () => {
    const r = normalizeExtraContacts({
      extraPhones: [' 9161234567', '9161234567', '', '9031112233'],
      extraEmails: ['A@Example.com', 'a@example.com ', '  '],
    });
    expect(r.issues).toEqual([]);
    expect(r.value).toEqual({ extraPhones: ['9161234567', '9031112233'], extraEmails: ['a@example.com'] });
  });

  it('extra contacts: bad phone or e-mail and more than 5 are issues with the §5 texts', () => {
    const r = normalizeExtraContacts({ extraPhones: ['12345'], extraEmails: ['nope'] });
    expect(r.issues).toEqual([
      { field: 'extraPhones.0', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
      { field: 'extraEmails.0', code: 'EMAIL_INVALID', message: 'Проверьте корректность данных' },
    ]);
    const many = normalizeExtraContacts({
      extraPhones: Array.from({ length: MAX_EXTRA_CONTACTS + 1 }, (_, i) => `900000000${i}`),
      extraEmails: Array.from({ length: MAX_EXTRA_CONTACTS + 1 }, (_, i) => `u${i}@example.com`),
    });
    expect(many.issues.map((i) => [i.field, i.code])).toEqual([
      ['extraPhones', 'TOO_MANY'],
      ['extraEmails', 'TOO_MANY'],
    ]);
  });

  it('client card route OGRN: exactly 13 or 15 digits (spec core §5 Routes)', () => {
    expect(isClientCardOgrn('1177746126040')).toBe(true);
    expect(isClientCardOgrn('319774600123453')).toBe(true);
    expect(isClientCardOgrn('11777461260401')).toBe(false);
    expect(isClientCardOgrn('abc')).toBe(false);
    expect(isClientCardOgrn(undefined)).toBe(false);
    expect(CLIENT_APPROVAL_REQUIRED).toMatch(/согласен/);
  });
});
