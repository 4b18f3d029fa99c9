/** spec chat §3 (metaData types) and §5 (msgKey, image files, the message check of validateChatMessage). */
import { describe, expect, it } from 'vitest';
import { CHAT_ERRORS, ChatRuleError } from './errors.js';
import {
  createMsgKeyFactory,
  formatMetaData,
  IMAGE_EXTENSIONS,
  isImageFileName,
  isMetadataType,
  isPictureFile,
  isValidMsgKey,
  METADATA_TYPE_LABELS,
  METADATA_TYPES,
  msgKeyOf,
  nextMessageTime,
  parseIdList,
  parseMetaData,
  metaDataIds,
  parseMsgKey,
  validateChatMessage,
} from './message.js';
import { laterStatus } from './messageStatus.js';
import { MAX_MESSAGE_TEXT_LENGTH, MAX_PICTURES_PER_MESSAGE } from '../limits.js';

describe('message key (chat §5)', () => {
  it('msg_ followed by a number gives the number', () => {
    expect(parseMsgKey('msg_1')).toBe(1);
    expect(parseMsgKey('msg_0')).toBe(0);
    expect(parseMsgKey('msg_123456')).toBe(123456);
    expect(isValidMsgKey('msg_42')).toBe(true);
    expect(msgKeyOf(42)).toBe('msg_42');
    expect(parseMsgKey(msgKeyOf(987))).toBe(987);
  });
  it.each([
    '',
    'msg_',
    'msg',
    '42',
    'MSG_1',
    'msg_-1',
    'msg_1.5',
    'msg_ 1',
    ' msg_1',
    'msg_1a',
    'msg_abc',
    'key_1',
    'msg_1e3',
  ])("'%s' fails with 'msgKey is not valid'", (key) => {
    expect(() => parseMsgKey(key)).toThrow(ChatRuleError);
    expect(() => parseMsgKey(key)).toThrow('msgKey is not valid');
    expect(isValidMsgKey(key)).toBe(false);
  });
  it('a non-string key fails the same way, with the stable code', () => {
    try {
      parseMsgKey(17);
      expect.unreachable();
    } catch (e) {
      expect((e as ChatRuleError).code).toBe('MSG_KEY_INVALID');
      expect((e as ChatRuleError).message).toBe(CHAT_ERRORS.MSG_KEY_INVALID);
    }
    expect(() => msgKeyOf(-1)).toThrow(RangeError);
  });
});

describe('image files (chat §5)', () => {
  it('jpg, jpeg, png and webp are images, in any letter case', () => {
    expect(IMAGE_EXTENSIONS).toEqual(['jpg', 'jpeg', 'png', 'webp']);
    for (const n of ['a.jpg', 'a.JPEG', 'scan.final.png', 'photo.WebP', 'dir/x.jpg'])
      expect(isImageFileName(n)).toBe(true);
  });
  it('other extensions, no extension or a bare dot-file are not', () => {
    for (const n of ['a.gif', 'a.pdf', 'jpg', '.png', 'a.jpg.zip', 'a.', '', null, undefined])
      expect(isImageFileName(n)).toBe(false);
  });
  it('reads the name after the last path separator of either kind', () => {
    expect(isImageFileName('C:\\photos\\x.PNG')).toBe(true);
    expect(isImageFileName('dir.png/readme')).toBe(false);
    expect(isImageFileName('dir\\.png')).toBe(false);
    expect(isImageFileName('photos.d/.webp')).toBe(false);
  });
});

describe('pictures of a message (chat §5; designed limit of 10)', () => {
  it('a picture needs an image name and image content', () => {
    expect(isPictureFile({ name: 'photo.png', contentType: 'image/png' })).toBe(true);
    expect(isPictureFile({ name: 'a.JPG', contentType: 'image/jpeg' })).toBe(true);
    expect(isPictureFile({ name: 'a.webp', contentType: 'IMAGE/WEBP' })).toBe(true);
  });
  it('a PDF renamed .png, a PNG named .pdf, or no content type is not a picture', () => {
    expect(isPictureFile({ name: 'scan.png', contentType: 'application/pdf' })).toBe(false);
    expect(isPictureFile({ name: 'scan.pdf', contentType: 'image/png' })).toBe(false);
    expect(isPictureFile({ name: 'scan.png', contentType: null })).toBe(false);
  });
  it('allows at most 10 pictures per message', () => {
    expect(MAX_PICTURES_PER_MESSAGE).toBe(10);
    expect(CHAT_ERRORS.TOO_MANY_ATTACHMENTS).toBe('Можно прикрепить не более 10 изображений');
  });
});

describe('message creation time (chat §3 lastViewedMessageDateTime, §4 "created at or before the last-viewed time")', () => {
  const t = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
  it('is now for the first message of a group and when the clock moved on', () => {
    expect(nextMessageTime(t(5), null).getTime()).toBe(t(5).getTime());
    expect(nextMessageTime(t(5), t(2)).getTime()).toBe(t(5).getTime());
  });
  it('is 1 ms after the newest message when the clock stands still or stepped back', () => {
    expect(nextMessageTime(t(5), t(5)).getTime()).toBe(t(6).getTime());
    expect(nextMessageTime(t(5), t(900)).getTime()).toBe(t(901).getTime());
  });
  it('gives strictly increasing times for a burst in one millisecond', () => {
    let prev: Date | null = null;
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      prev = nextMessageTime(t(0), prev);
      times.push(prev.getTime());
    }
    expect(times).toEqual([0, 1, 2, 3, 4].map((i) => t(i).getTime()));
  });
});

describe('message statuses (chat §3, §4)', () => {
  it('move forward only: SENT → DELIVERED → VIEWED', () => {
    expect(laterStatus('SENT', 'DELIVERED')).toBe('DELIVERED');
    expect(laterStatus('DELIVERED', 'VIEWED')).toBe('VIEWED');
    expect(laterStatus('SENT', 'VIEWED')).toBe('VIEWED');
    expect(laterStatus('VIEWED', 'DELIVERED')).toBe('VIEWED');
    expect(laterStatus('DELIVERED', 'SENT')).toBe('DELIVERED');
  });
});

describe('metaData (chat §3)', () => {
  it('has the seven types, each with a Russian label', () => {
    expect(METADATA_TYPES).toHaveLength(7);
    expect(METADATA_TYPE_LABELS).toEqual({
      GROUP_INVITATION: 'Приглашение в альянс',
      HASHTAG: 'Хештег',
      USER_POST: 'Публикация пользователя',
      LINK: 'Ссылка',
      INDIVIDUAL_ENTREPRENEUR: 'Индивидуальный предприниматель',
      LEGAL_ENTITY: 'Юридическое лицо',
      NOTIFICATION: 'Уведомление',
    });
    expect(isMetadataType('LINK')).toBe(true);
    expect(isMetadataType('toString')).toBe(false);
  });
  it('reads JSON with userMessage and metadataType, and writes it back', () => {
    const raw = formatMetaData({ userMessage: 'Вступайте', metadataType: 'GROUP_INVITATION' });
    expect(parseMetaData(raw)).toEqual({
      kind: 'metadata',
      value: { userMessage: 'Вступайте', metadataType: 'GROUP_INVITATION' },
    });
    expect(parseMetaData('{"metadataType":"LINK"}')).toEqual({
      kind: 'metadata',
      value: { userMessage: '', metadataType: 'LINK' },
    });
  });
  it('reads a comma-separated id list for bulk status changes', () => {
    expect(parseMetaData('12,13, 14')).toEqual({ kind: 'ids', ids: [12, 13, 14] });
    expect(parseMetaData('7')).toEqual({ kind: 'ids', ids: [7] });
    expect(parseIdList('3,3,4')).toEqual([3, 4]);
    expect(parseIdList('3,,4')).toBeNull();
    expect(parseIdList('3,x')).toBeNull();
    expect(parseIdList('0')).toBeNull();
  });
  it('empty is none; unknown types and garbage are invalid', () => {
    expect(parseMetaData(null)).toEqual({ kind: 'none' });
    expect(parseMetaData('  ')).toEqual({ kind: 'none' });
    expect(parseMetaData('{"metadataType":"OTHER"}')).toEqual({ kind: 'invalid' });
    expect(parseMetaData('{oops')).toEqual({ kind: 'invalid' });
  });
});

describe("client message keys (chat §5: the composer's extMsgId msg_<now>)", () => {
  it('msg_<clock>, strictly increasing within one millisecond, and always a valid key', () => {
    let t = 1000;
    const next = createMsgKeyFactory(() => t);
    expect(next()).toBe('msg_1000');
    expect(next()).toBe('msg_1001');
    t = 5000;
    expect(next()).toBe('msg_5000');
    expect(isValidMsgKey(next())).toBe(true);
    expect(isValidMsgKey('msg_12a')).toBe(false);
    expect(isValidMsgKey('m_12')).toBe(false);
    expect(() => parseMsgKey('abc')).toThrow(CHAT_ERRORS.MSG_KEY_INVALID);
  });
  it('the default clock is the current time', () => {
    const before = Date.now();
    const n = parseMsgKey(createMsgKeyFactory()());
    expect(n).toBeGreaterThanOrEqual(before);
    expect(n).toBeLessThanOrEqual(Date.now() + 1);
  });
});

describe('bulk status ids of a metaData (chat §3, MSG_VIEWED)', () => {
  it('a comma-separated id list gives its ids; anything else none', () => {
    expect(metaDataIds('12, 13,12')).toEqual([12, 13]);
    expect(metaDataIds(null)).toEqual([]);
    expect(metaDataIds('')).toEqual([]);
    expect(metaDataIds('{"userMessage":"1","metadataType":"LINK"}')).toEqual([]);
    expect(metaDataIds('0,1')).toEqual([]);
  });
});

describe("the message check (validateChatMessage: the backend's send and edit, the web composer)", () => {
  it('a message needs text, a file, a picture, a forward or metaData', () => {
    const empty = { code: 'EMPTY_MESSAGE', field: 'text', message: 'Сообщение не может быть пустым' };
    expect(validateChatMessage({})).toEqual(empty);
    expect(validateChatMessage({ text: '   ' })).toEqual(empty);
    expect(validateChatMessage({ text: null, files: 0, pictures: 0, forward: false, metaData: false })).toEqual(empty);
    expect(validateChatMessage({ text: ' Привет ' })).toBeNull();
    expect(validateChatMessage({ files: 1 })).toBeNull();
    expect(validateChatMessage({ pictures: 1 })).toBeNull();
    expect(validateChatMessage({ forward: true })).toBeNull();
    expect(validateChatMessage({ metaData: true })).toBeNull();
  });
  it('at most 10 pictures and one other file, with the texts the backend answers', () => {
    expect(validateChatMessage({ pictures: MAX_PICTURES_PER_MESSAGE })).toBeNull();
    expect(validateChatMessage({ text: 'x', pictures: MAX_PICTURES_PER_MESSAGE + 1 })).toEqual({
      code: 'TOO_MANY_ATTACHMENTS',
      field: 'pictureIds',
      message: 'Можно прикрепить не более 10 изображений',
    });
    expect(validateChatMessage({ files: 2 })).toEqual({
      code: 'TOO_MANY_FILES',
      field: 'fileId',
      message: 'Можно прикрепить только один файл',
    });
    // the picture limit is checked first
    expect(validateChatMessage({ files: 2, pictures: 11 })?.code).toBe('TOO_MANY_ATTACHMENTS');
  });
  it('the text is at most 10 000 characters after trimming, counted in code points', () => {
    expect(validateChatMessage({ text: 'а'.repeat(MAX_MESSAGE_TEXT_LENGTH) })).toBeNull();
    expect(validateChatMessage({ text: ` ${'а'.repeat(MAX_MESSAGE_TEXT_LENGTH)} ` })).toBeNull();
    // 10 000 emoji are 20 000 UTF-16 units but 10 000 characters
    expect(validateChatMessage({ text: '😀'.repeat(MAX_MESSAGE_TEXT_LENGTH) })).toBeNull();
    expect(validateChatMessage({ text: 'а'.repeat(MAX_MESSAGE_TEXT_LENGTH + 1) })).toEqual({
      code: 'MESSAGE_TOO_LONG',
      field: 'text',
      message: CHAT_ERRORS.MESSAGE_TOO_LONG,
    });
  });
});
