/** The operators' inbox and the recommend-a-client form (issue 11; spec core §2 Shared, §5). */
import { describe, expect, it } from 'vitest';
import {
  callbackTypeLabel,
  INBOX_KIND_LABELS,
  INBOX_KINDS,
  INBOX_STATUS_LABELS,
  INBOX_STATUSES,
  inboxTypeLabel,
  normalizeRecommendation,
  RECOMMENDATION_LIMITS,
  recommendationIssues,
} from './inbox.js';

const valid = { companyName: 'ООО «Ромашка»', contactName: 'Иван Петров', phone: '9161234567' };
const fields = (xs: { field: string; code: string }[]) => xs.map((x) => `${x.field}:${x.code}`);

describe('inbox catalogue', () => {
  it('labels every kind and status in Russian', () => {
    for (const k of INBOX_KINDS) expect(INBOX_KIND_LABELS[k]).toMatch(/[А-Яа-я]/);
    for (const s of INBOX_STATUSES) expect(INBOX_STATUS_LABELS[s]).toMatch(/[А-Яа-я]/);
  });
  it('labels known callback types, an unknown one as itself', () => {
    expect(callbackTypeLabel('AGENT')).toBe('Стать партнёром');
    expect(callbackTypeLabel('GENERAL')).toBe('Обратный звонок');
    expect(callbackTypeLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
  it('labels the type of every kind: recommendation, lead type, callback type; unknown ones as themselves', () => {
    expect(inboxTypeLabel('RECOMMENDATION', 'RECOMMENDATION')).toBe('Рекомендация клиента');
    expect(inboxTypeLabel('LEAD', 'CARD_DEBIT')).toBe('Заявка на дебетовую карту');
    expect(inboxTypeLabel('LEAD', 'CARD_CREDIT')).toBe('CARD_CREDIT');
    expect(inboxTypeLabel('CALLBACK', 'AGENT')).toBe('Стать партнёром');
  });
});

describe('recommend-a-client form (spec core §5)', () => {
  it('accepts the required fields alone and with valid optional ones', () => {
    expect(recommendationIssues(valid)).toEqual([]);
    expect(
      recommendationIssues({ ...valid, inn: '7707083893', email: 'Boss@Example.com', comment: 'Импорт из Китая' }),
    ).toEqual([]);
    expect(recommendationIssues({ ...valid, inn: '500100732259', email: '', comment: '  ' })).toEqual([]);
  });

  it('requires company, contact and phone', () => {
    expect(fields(recommendationIssues({ companyName: ' ', contactName: '', phone: '' }))).toEqual([
      'companyName:REQUIRED',
      'contactName:REQUIRED',
      'phone:REQUIRED',
    ]);
  });

  it('checks the phone, e-mail and INN with the spec messages', () => {
    const issues = recommendationIssues({ ...valid, phone: '+79161234567', email: 'not-an-email', inn: '7707083890' });
    expect(issues).toEqual([
      { field: 'inn', code: 'INN_INVALID', message: 'Некорректный ИНН' },
      { field: 'phone', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
      { field: 'email', code: 'EMAIL_INVALID', message: 'Проверьте корректность данных' },
    ]);
    expect(fields(recommendationIssues({ ...valid, inn: '12345' }))).toEqual(['inn:INN_INVALID']);
  });

  it('refuses texts over the character limits', () => {
    const issues = recommendationIssues({
      companyName: 'Я'.repeat(RECOMMENDATION_LIMITS.companyName + 1),
      contactName: 'Я'.repeat(RECOMMENDATION_LIMITS.contactName + 1),
      phone: '9161234567',
      comment: 'x'.repeat(RECOMMENDATION_LIMITS.comment + 1),
    });
    expect(issues).toEqual([
      { field: 'companyName', code: 'MAX_LENGTH', message: 'Превышен лимит символов' },
      { field: 'contactName', code: 'MAX_LENGTH', message: 'Превышен лимит символов' },
      { field: 'comment', code: 'MAX_LENGTH', message: 'Превышен лимит символов' },
    ]);
    expect(
      recommendationIssues({
        ...valid,
        companyName: 'Я'.repeat(RECOMMENDATION_LIMITS.companyName),
        comment: 'x'.repeat(RECOMMENDATION_LIMITS.comment),
      }),
    ).toEqual([]);
  });

  it('normalizes: trims, lower-cases the e-mail, empty optional fields become null', () => {
    expect(
      normalizeRecommendation({ ...valid, companyName: ' ООО «Ромашка» ', inn: ' ', email: ' A@B.RU ', comment: null }),
    ).toEqual({ ...valid, inn: null, email: 'a@b.ru', comment: null });
    expect(normalizeRecommendation(valid)).toEqual({ ...valid, inn: null, email: null, comment: null });
  });
});
