/**
 * Chat attachments (spec chat §5 "An image file is recognised by the extension jpg, jpeg, png or webp", "Chat
 * attachment limits"; §7 file downloads; §8 "too many attachments"): upload to a group (type by content), send with
 * fileId / pictureIds, download scoped to members. Refusals have their own stable codes at the top of a 400 answer
 * (TOO_MANY_ATTACHMENTS beyond 10 pictures, NOT_A_PICTURE, FILE_NOT_FOUND) and leave the database unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { activeOrder, partnerCompanyId } from './deal-partner-helpers.js';
import { freshDataDir, PNG, pdf } from './orders-helpers.js';

const C = '/api/secured/common/chat';

for (const driver of DRIVERS) {
  describe(`chat attachments [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient, p1: TestClient, p2: TestClient;
    let groupId: number;
    let key = 0;
    beforeAll(async () => {
      t = await createTestApp({ driver, config: { dataDir: freshDataDir() } });
      client = await t.signedIn('client@example.com');
      p1 = await t.signedIn('partner1@example.com');
      p2 = await t.signedIn('partner2@example.com');
      const orderId = await activeOrder(t, client, [await partnerCompanyId(t, 'Альфа Платежи')]);
      groupId = (await client.post(`${C}/${orderId}/create-get`, {})).json().id;
      await p1.post(`${C}/${orderId}/create-get`, {});
    });
    afterAll(() => t.close());

    const upload = async (c: TestClient, name: string, content: Buffer) =>
      c.upload(`${C}/group/${groupId}/files`, name, content);
    const uploadedId = async (c: TestClient, name: string, content: Buffer): Promise<string> => {
      const r = await upload(c, name, content);
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id;
    };
    const send = (c: TestClient, body: Record<string, unknown>) =>
      c.post(`${C}/group/${groupId}/messages`, { extMsgId: `msg_${++key}`, ...body });

    it('uploads are typed by content: isPicture needs an image name and image bytes; text named x.png is refused with 415', async () => {
      const png = await upload(client, 'photo.png', PNG);
      expect(png.statusCode).toBe(201);
      expect(png.json()).toMatchObject({
        name: 'photo.png',
        size: PNG.length,
        contentType: 'image/png',
        isPicture: true,
      });
      const doc = await upload(client, 'invoice.pdf', pdf(1000, 'a'));
      expect(doc.json()).toMatchObject({ name: 'invoice.pdf', contentType: 'application/pdf', isPicture: false });
      // a PDF renamed .png is stored as a PDF and is not a picture
      expect((await upload(client, 'scan.png', pdf(1000, 'b'))).json()).toMatchObject({
        contentType: 'application/pdf',
        isPicture: false,
      });
      const before = await t.snapshot();
      const fake = await upload(client, 'x.png', Buffer.from('это просто текст, а не картинка'));
      expect(fake.statusCode).toBe(415);
      expect(fake.json()).toEqual({ code: 'UNSUPPORTED_FILE_TYPE', message: 'Недопустимый тип файла' });
      expect(await t.snapshot()).toEqual(before);
      // only members upload
      expect((await upload(p2, 'photo.png', PNG)).statusCode).toBe(404);
    });

    it("refusals: 11 pictures, a PDF as a picture, someone else's or an unknown upload — own codes, nothing stored", async () => {
      const pictures: string[] = [];
      for (let i = 0; i < 11; i++) pictures.push(await uploadedId(client, `p${i}.png`, PNG));
      const doc = await uploadedId(client, 'invoice.pdf', pdf(1200, 'c'));
      const renamed = await uploadedId(client, 'scan.png', pdf(1200, 'd'));
      const foreign = await uploadedId(p1, 'agent.pdf', pdf(1200, 'e'));
      const before = await t.snapshot();

      const tooMany = await send(client, { text: 'фото', pictureIds: pictures });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({
        code: 'TOO_MANY_ATTACHMENTS',
        message: 'Можно прикрепить не более 10 изображений',
        errors: [{ field: 'pictureIds', code: 'TOO_MANY_ATTACHMENTS', message: CHAT_ERRORS.TOO_MANY_ATTACHMENTS }],
      });
      const notPicture = await send(client, { pictureIds: [pictures[0], doc] });
      expect(notPicture.statusCode).toBe(400);
      expect(notPicture.json()).toEqual({
        code: 'NOT_A_PICTURE',
        message: CHAT_ERRORS.NOT_A_PICTURE,
        errors: [{ field: 'pictureIds.1', code: 'NOT_A_PICTURE', message: CHAT_ERRORS.NOT_A_PICTURE }],
      });
      expect((await send(client, { pictureIds: [renamed] })).json().code).toBe('NOT_A_PICTURE');
      const others = await send(client, { fileId: foreign });
      expect(others.statusCode).toBe(400);
      expect(others.json()).toEqual({
        code: 'FILE_NOT_FOUND',
        message: 'Файл не найден',
        errors: [{ field: 'fileId', code: 'FILE_NOT_FOUND', message: 'Файл не найден' }],
      });
      const unknown = await send(client, { pictureIds: [pictures[0], '00000000-0000-4000-8000-000000000000'] });
      expect(unknown.json()).toMatchObject({ code: 'FILE_NOT_FOUND', errors: [{ field: 'pictureIds.1' }] });
      expect(await t.snapshot()).toEqual(before);

      // exactly 10 distinct pictures are fine; a repeated id counts once
      const ten = await send(client, { text: 'десять', pictureIds: [...pictures.slice(0, 10), pictures[0]] });
      expect(ten.statusCode, ten.body).toBe(201);
      expect(ten.json().pictures.map((p: { id: string }) => p.id)).toEqual(pictures.slice(0, 10));
    });

    it('a file and pictures reach the members with names and links; downloads answer the bytes to members only', async () => {
      const content = pdf(3000, 'invoice');
      const fileId = await uploadedId(client, 'Счёт №7.pdf', content);
      const picId = await uploadedId(client, 'photo.png', PNG);
      const withFile = await send(client, { fileId });
      expect(withFile.statusCode).toBe(201);
      expect(withFile.json().file).toMatchObject({
        id: fileId,
        name: 'Счёт №7.pdf',
        size: content.length,
        contentType: 'application/pdf',
        link: `${C}/${fileId}/file`,
      });
      const withPics = await send(client, { text: 'снимок', pictureIds: [picId] });
      expect(withPics.json().pictures).toEqual([
        { id: picId, name: 'photo.png', previewPictureInfo: { link: `${C}/${picId}/file` } },
      ]);
      // the agent reads them in the group
      const seen = (await p1.get(`${C}/group/${groupId}/messages`)).json().content as {
        msgId: number;
        file: { name: string } | null;
        pictures: { name: string }[];
      }[];
      expect(seen.find((m) => m.msgId === withFile.json().msgId)?.file?.name).toBe('Счёт №7.pdf');
      expect(seen.find((m) => m.msgId === withPics.json().msgId)?.pictures.map((p) => p.name)).toEqual(['photo.png']);
      for (const [path, bytes] of [
        [`/api/chat/message/${withFile.json().msgId}/file`, content],
        [`${C}/${fileId}/file`, content],
        [`${C}/${picId}/file`, PNG],
      ] as const) {
        const got = await p1.get(path);
        expect(got.statusCode, path).toBe(200);
        expect(got.rawPayload.equals(bytes), path).toBe(true);
        const outsider = await p2.get(path);
        expect(outsider.statusCode, path).toBe(404);
      }
      expect(
        (await p1.get(`/api/chat/message/${withFile.json().msgId}/file`)).headers['content-disposition'],
      ).toContain('attachment');
    });
  });
}
