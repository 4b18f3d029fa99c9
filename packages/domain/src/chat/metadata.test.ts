/** spec chat §3 "Metadata types, each with a display label": the one set of labels the backend and the gateway show. */
import { describe, expect, it } from 'vitest';
import { invitationIdOf, isMetadataType, labelledMetadata, METADATA_TYPE_LABELS } from './message.js';

const parseMetadata = labelledMetadata;

describe('metaData (spec chat §3)', () => {
  it('labels: one Russian label per type', () => {
    expect(METADATA_TYPE_LABELS).toEqual({
      GROUP_INVITATION: 'Приглашение в альянс',
      HASHTAG: 'Хештег',
      USER_POST: 'Публикация пользователя',
      LINK: 'Ссылка',
      INDIVIDUAL_ENTREPRENEUR: 'Индивидуальный предприниматель',
      LEGAL_ENTITY: 'Юридическое лицо',
      NOTIFICATION: 'Уведомление',
    });
  });

  it('parses every type with its label and userMessage', () => {
    for (const [type, label] of Object.entries(METADATA_TYPE_LABELS)) {
      expect(parseMetadata(JSON.stringify({ userMessage: 'x', metadataType: type }))).toEqual({
        type,
        label,
        userMessage: 'x',
      });
    }
    expect(parseMetadata('{"userMessage":"17","metadataType":"GROUP_INVITATION"}')).toEqual({
      type: 'GROUP_INVITATION',
      label: 'Приглашение в альянс',
      userMessage: '17',
    });
  });

  it("a missing or non-string userMessage reads as '' (the backend's reading, chosen once for both tiers)", () => {
    expect(parseMetadata('{"metadataType":"LINK"}')).toEqual({ type: 'LINK', label: 'Ссылка', userMessage: '' });
    expect(parseMetadata('{"userMessage":5,"metadataType":"LINK"}')).toEqual({
      type: 'LINK',
      label: 'Ссылка',
      userMessage: '',
    });
  });

  it('answers null for none, bulk id lists, bad JSON and unknown types', () => {
    for (const raw of [
      null,
      undefined,
      '',
      '12,13',
      '42',
      'not json',
      '[]',
      'null',
      '"GROUP_INVITATION"',
      '{"userMessage":"1","metadataType":"UNKNOWN"}',
      '{"userMessage":"1","metadataType":"toString"}',
      '{"userMessage":"1","metadataType":"__proto__"}',
    ]) {
      expect(parseMetadata(raw)).toBeNull();
    }
    expect(isMetadataType('hasOwnProperty')).toBe(false);
  });

  it('invitation id only for GROUP_INVITATION with a positive integer userMessage', () => {
    expect(invitationIdOf(parseMetadata('{"userMessage":"17","metadataType":"GROUP_INVITATION"}'))).toBe(17);
    expect(invitationIdOf(parseMetadata('{"userMessage":"17","metadataType":"LINK"}'))).toBeNull();
    expect(invitationIdOf(parseMetadata('{"userMessage":"0","metadataType":"GROUP_INVITATION"}'))).toBeNull();
    expect(invitationIdOf(parseMetadata('{"userMessage":"1.5","metadataType":"GROUP_INVITATION"}'))).toBeNull();
    expect(invitationIdOf(null)).toBeNull();
  });
});
