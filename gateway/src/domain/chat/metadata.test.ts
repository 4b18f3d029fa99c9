import { describe, expect, it } from 'vitest';
import { invitationIdOf, isMetadataType, METADATA_TYPE_LABELS, parseMetadata } from './metadata.js';

describe('metaData (spec chat §3)', () => {
  it("labels are exactly the backend's METADATA_TYPE_LABELS (backend/src/domain/chat/messages.ts)", () => {
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

  it('answers null for none, bulk id lists, bad JSON, unknown types and missing parts', () => {
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
      '{"metadataType":"LINK"}',
      '{"userMessage":5,"metadataType":"LINK"}',
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
