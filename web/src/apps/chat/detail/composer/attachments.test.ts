/** Chat attachments (spec chat §5 picture extensions; designed limits: 50 MB, 10 pictures, one other file). */
import { describe, expect, it } from 'vitest';
import { acceptAttachments, attachmentIds, canSendMessage, chatUploadPath, type Attachment } from './attachments';
import { isImageFileName as isPictureName } from '@platform/domain/chat/message';
import { MAX_CHAT_FILE_BYTES, MAX_PICTURES_PER_MESSAGE as MAX_CHAT_PICTURES } from '@platform/domain/limits';
import { CHAT_TEXTS } from '../../rules/texts';

const MB = 1024 * 1024;
const pic = (n: number) => ({ name: `photo-${n}.png`, size: 10_000 });
const att = (over: Partial<Attachment>): Attachment => ({
  key: over.key ?? 'k',
  name: over.name ?? 'a.png',
  size: over.size ?? 1,
  picture: over.picture ?? true,
  status: over.status ?? 'done',
  fileId: over.fileId === undefined ? 'f' : over.fileId,
  previewUrl: over.previewUrl ?? null,
});

describe('pictures by extension (chat §5)', () => {
  it('jpg, jpeg, png, webp in any case', () => {
    for (const n of ['a.jpg', 'a.JPEG', 'b.Png', 'c.webp', 'archive.tar.png']) expect(isPictureName(n), n).toBe(true);
  });
  it('anything else is a file', () => {
    for (const n of ['a.gif', 'a.pdf', 'png', 'a.png.pdf', 'a.', '.jpgx']) expect(isPictureName(n), n).toBe(false);
  });
});

describe('upload path', () => {
  it('POST /files/chat/groups/<groupId>', () => {
    expect(chatUploadPath(17)).toBe('/files/chat/groups/17');
  });
});

describe('acceptAttachments (designed limits)', () => {
  it('accepts up to 10 pictures and one file, in pick order with their kind', () => {
    const picked = [pic(1), { name: 'contract.pdf', size: 3 * MB }, pic(2)];
    const r = acceptAttachments(picked, []);
    expect(r.errors).toEqual([]);
    expect(r.accepted.map((a) => [a.file.name, a.picture])).toEqual([
      ['photo-1.png', true],
      ['contract.pdf', false],
      ['photo-2.png', true],
    ]);
  });

  it('a file over 50 MB is refused with "Превышен размер файла"; exactly 50 MB passes', () => {
    const r = acceptAttachments(
      [
        { name: 'big.pdf', size: MAX_CHAT_FILE_BYTES + 1 },
        { name: 'ok.pdf', size: MAX_CHAT_FILE_BYTES },
      ],
      [],
    );
    expect(r.errors).toEqual([CHAT_TEXTS.fileTooLarge]);
    expect(r.accepted.map((a) => a.file.name)).toEqual(['ok.pdf']);
    expect(CHAT_TEXTS.fileTooLarge).toBe('Превышен размер файла');
  });

  it('11 pictures in one pick: all refused, "Можно прикрепить не более 10 изображений"', () => {
    const r = acceptAttachments(
      Array.from({ length: 11 }, (_, i) => pic(i)),
      [],
    );
    expect(r.accepted).toEqual([]);
    expect(r.errors).toEqual(['Можно прикрепить не более 10 изображений']);
  });

  it('counts the pictures already attached; failed uploads do not count', () => {
    const nine = Array.from({ length: 9 }, (_, i) => att({ key: `p${i}` }));
    expect(acceptAttachments([pic(1)], nine).accepted).toHaveLength(1);
    const r = acceptAttachments([pic(1), pic(2)], nine);
    expect(r.accepted).toEqual([]);
    expect(r.errors).toEqual([CHAT_TEXTS.tooManyPictures]);
    expect(
      acceptAttachments([pic(1), pic(2)], [...nine.slice(1), att({ key: 'x', status: 'error' })]).accepted,
    ).toHaveLength(2);
    expect(MAX_CHAT_PICTURES).toBe(10);
  });

  it('a second non-picture file is refused with "Можно прикрепить только один файл"; pictures of the same pick pass', () => {
    const r = acceptAttachments([{ name: 'a.pdf', size: 1 }, pic(1)], [att({ name: 'b.docx', picture: false })]);
    expect(r.errors).toEqual(['Можно прикрепить только один файл']);
    expect(r.accepted.map((a) => a.file.name)).toEqual(['photo-1.png']);
    expect(
      acceptAttachments(
        [
          { name: 'a.pdf', size: 1 },
          { name: 'b.pdf', size: 1 },
        ],
        [],
      ).errors,
    ).toEqual([CHAT_TEXTS.tooManyFiles]);
  });

  it('several errors are listed once each', () => {
    const r = acceptAttachments(
      [
        { name: 'a.pdf', size: 60 * MB },
        { name: 'b.pdf', size: 70 * MB },
        { name: 'c.pdf', size: 1 },
        { name: 'd.pdf', size: 1 },
      ],
      [],
    );
    expect(r.errors).toEqual([CHAT_TEXTS.fileTooLarge, CHAT_TEXTS.tooManyFiles]);
    expect(r.accepted).toEqual([]);
  });
});

describe('sending', () => {
  it('the non-picture upload is fileId, the pictures are pictureIds (uploaded ones only)', () => {
    const list = [
      att({ key: '1', fileId: 'p1' }),
      att({ key: '2', picture: false, fileId: 'f1', name: 'a.pdf' }),
      att({ key: '3', fileId: 'p2' }),
      att({ key: '4', fileId: null, status: 'uploading' }),
    ];
    expect(attachmentIds(list)).toEqual({ fileId: 'f1', pictureIds: ['p1', 'p2'] });
    expect(attachmentIds([])).toEqual({ fileId: null, pictureIds: [] });
  });

  it('text or an attachment; never while uploading or with a failed upload', () => {
    expect(canSendMessage('  ', [])).toBe(false);
    expect(canSendMessage('Привет', [])).toBe(true);
    expect(canSendMessage('', [att({})])).toBe(true);
    expect(canSendMessage('Привет', [att({ status: 'uploading' })])).toBe(false);
    expect(canSendMessage('Привет', [att({ status: 'error' })])).toBe(false);
  });
});
