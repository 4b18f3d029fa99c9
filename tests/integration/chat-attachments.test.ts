/**
 * Chat attachments end to end (issue 4; spec chat §5 "An image file is recognised by the extension jpg, jpeg, png or
 * webp", attachment limits; §7 GET /api/chat/message/{msgId}/file and GET /api/secured/common/chat/{id}/file; §8 "too
 * many attachments", "unsupported file type"). The client and the payment agent partner1 share a request chat. The
 * client uploads a real PNG (built in code) and a PDF through the gateway's proxy POST /files/chat/groups/<groupId>,
 * sends one message with `pictureIds` and one with `fileId`; partner1's graphql-ws subscription receives both with the
 * pictures (id, name, preview link) and the file (name, download url); both downloads through the gateway answer the
 * exact bytes to partner1 and 404 to partner2 (the order was not sent to it, so it is no member; operators are members
 * of request chats). Refusals are `UserError`s with stable codes and leave the messages and the database unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { snapshotDb } from '../../backend/test/harness.js';
import {
  msgEvent,
  mutate,
  mutateResult,
  ok,
  png,
  clientAgentChat,
  subscribe,
  until,
  uploadChatFile,
  userSocket,
  type RequestChat,
} from '../support/chat.js';
import { pdf, signIn } from '../support/deal.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';

let stack: Stack;
let client: GqlClient;
let p1: GqlClient;
let p2: GqlClient;
let oper: GqlClient;
let chat: RequestChat;
const sockets: Client[] = [];
const BASE_KEY = Date.now();
let keys = 0;
const key = () => `msg_${BASE_KEY + ++keys}`;

const EVENTS = `subscription { chatEvents { __typename
  ... on ChatMessageEvent { kind message { msgId text own file { name isImage url } pictures { fileId name previewUrl } } }
} }`;
const SENT = 'message { msgId text file { name isImage url } pictures { fileId name previewUrl } }';
const MESSAGES = `query ($g: Int!) { viewer { chatGroup(groupId: $g) { messages(last: 50) { edges { node { msgId } } } } } }`;

/** The file uploaded by `c`: answers `{ id, name, size, contentType, isPicture }`, expecting 201. */
async function uploaded(c: GqlClient, name: string, content: Buffer, type: string) {
  const res = await uploadChatFile(c, chat.group.groupId, name, content, type);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; name: string; size: number; contentType: string; isPicture: boolean };
}

/** A valid PNG of its own colour: each `n` gives different bytes. */
const picture = (n: number) => png(3 + (n % 3), 2, [(n * 20) % 256, 100, 200]);

beforeAll(async () => {
  stack = await startStack();
  ({ client, agent: p1, oper, chat } = await clientAgentChat(stack.url));
  ({ c: p2 } = await signIn(stack.url, 'partner2@example.com', 'PARTNER'));
});
afterAll(async () => {
  for (const s of sockets.splice(0)) await s.dispose();
  await stack?.close();
});

describe('chat attachments through the gateway (issue 4; spec chat §5, §7, §8)', () => {
  it('a picture and a file reach the agent live; downloads answer the exact bytes to members and 404 to others', async () => {
    const ws = userSocket(stack.url, p1);
    sockets.push(ws);
    const streams = stack.backend.app.chatRealtime.openStreams();
    const sp = subscribe(ws, EVENTS);
    await until('partner1 upstream stream', () => stack.backend.app.chatRealtime.openStreams() > streams);

    const image = png(8, 6, [12, 160, 90]);
    const document = pdf('счёт на оплату');
    const up = await uploaded(client, 'photo.png', image, 'image/png');
    expect(up).toMatchObject({ name: 'photo.png', size: image.length, contentType: 'image/png', isPicture: true });
    const doc = await uploaded(client, 'invoice.pdf', document, 'application/pdf');
    expect(doc).toMatchObject({
      name: 'invoice.pdf',
      size: document.length,
      contentType: 'application/pdf',
      isPicture: false,
    });

    const withPicture = (
      await mutate(
        client,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: chat.group.id, extMsgId: key(), text: 'Фото платёжки', pictureIds: [up.id] },
        'SendChatMessageSuccess',
        SENT,
      )
    ).message;
    expect(withPicture).toEqual({
      msgId: expect.any(Number),
      text: 'Фото платёжки',
      file: null,
      pictures: [{ fileId: up.id, name: 'photo.png', previewUrl: `/files/chat/${up.id}` }],
    });
    const withFile = (
      await mutate(
        client,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: chat.group.id, extMsgId: key(), fileId: doc.id },
        'SendChatMessageSuccess',
        SENT,
      )
    ).message;
    expect(withFile).toEqual({
      msgId: expect.any(Number),
      text: null,
      file: { name: 'invoice.pdf', isImage: false, url: `/files/chat/messages/${withFile.msgId}` },
      pictures: [],
    });

    // partner1's subscription gets both, with the attachments
    const picAtP1 = await until('picture message at partner1', () => msgEvent(sp, 'NEW', withPicture.msgId));
    expect(picAtP1.message).toEqual({
      msgId: withPicture.msgId,
      text: 'Фото платёжки',
      own: false,
      file: null,
      pictures: [{ fileId: up.id, name: 'photo.png', previewUrl: `/files/chat/${up.id}` }],
    });
    const fileAtP1 = await until('file message at partner1', () => msgEvent(sp, 'NEW', withFile.msgId));
    expect(fileAtP1.message).toEqual({
      msgId: withFile.msgId,
      text: null,
      own: false,
      file: { name: 'invoice.pdf', isImage: false, url: `/files/chat/messages/${withFile.msgId}` },
      pictures: [],
    });
    expect(sp.errors).toEqual([]);

    // downloads through the gateway: exact bytes to the member, 404 to a user outside the chat
    for (const [url, bytes, type] of [
      [picAtP1.message.pictures[0].previewUrl, image, 'image/png'],
      [fileAtP1.message.file.url, document, 'application/pdf'],
    ] as const) {
      const got = await p1.fetch(url);
      expect(got.status, url).toBe(200);
      expect(got.headers.get('content-type'), url).toBe(type);
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes), url).toBe(true);
      const outsider = await p2.fetch(url);
      expect(outsider.status, `${url} for partner2`).toBe(404);
    }
    // the operator is a member of every request chat (spec chat §6 operators), so it downloads too
    expect((await oper.fetch(fileAtP1.message.file.url)).status).toBe(200);
    sp.stop();
  });

  it("refusals are UserErrors with stable codes and change nothing: 11 pictures, a PDF as a picture, someone else's upload; a fake extension is 415", async () => {
    const pictures: string[] = [];
    for (let i = 0; i < 11; i++) pictures.push((await uploaded(client, `p${i}.png`, picture(i), 'image/png')).id);
    const doc = (await uploaded(client, 'contract.pdf', pdf('договор'), 'application/pdf')).id;
    const foreign = (await uploaded(p1, 'agent.pdf', pdf('файл агента'), 'application/pdf')).id;

    const listed = async () =>
      (await ok(client, MESSAGES, { g: chat.group.groupId })).viewer.chatGroup.messages.edges.map(
        (e: any) => e.node.msgId,
      ) as number[];
    const messagesBefore = await listed();
    // the database apart from sessions and last-seen times (the gateway's presence heartbeat may touch those)
    const dbBefore = await snapshotDb(stack.backend.db, ['sessions', 'chat_presence']);
    const send = (c: GqlClient, input: Record<string, unknown>) =>
      mutateResult(
        c,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: chat.group.id, extMsgId: key(), ...input },
        'SendChatMessageSuccess',
        'message { msgId }',
      );

    expect(await send(client, { text: 'много фото', pictureIds: pictures })).toEqual({
      __typename: 'UserError',
      code: 'TOO_MANY_ATTACHMENTS',
      errorMessage: 'Можно прикрепить не более 10 изображений',
      field: 'pictureIds',
    });
    expect(await send(client, { pictureIds: [pictures[0], doc] })).toEqual({
      __typename: 'UserError',
      code: 'NOT_A_PICTURE',
      errorMessage: 'Картинка должна быть в формате jpg, jpeg, png или webp',
      field: 'pictureIds.1',
    });
    expect(await send(client, { fileId: foreign })).toEqual({
      __typename: 'UserError',
      code: 'FILE_NOT_FOUND',
      errorMessage: 'Файл не найден',
      field: 'fileId',
    });
    expect(await send(client, { pictureIds: [foreign] })).toMatchObject({
      __typename: 'UserError',
      code: 'FILE_NOT_FOUND',
      field: 'pictureIds.0',
    });

    expect(await listed()).toEqual(messagesBefore);
    expect(await snapshotDb(stack.backend.db, ['sessions', 'chat_presence'])).toEqual(dbBefore);

    // the type is checked by content: text bytes named like a picture are refused
    const fake = await uploadChatFile(
      client,
      chat.group.groupId,
      'x.png',
      Buffer.from('это не картинка, а текст'),
      'image/png',
    );
    expect(fake.status).toBe(415);
    expect(await fake.json()).toEqual({ code: 'UNSUPPORTED_FILE_TYPE', message: 'Недопустимый тип файла' });
    // a non-member cannot upload into the group
    expect((await uploadChatFile(p2, chat.group.groupId, 'photo.png', picture(1), 'image/png')).status).toBe(404);
    expect(await snapshotDb(stack.backend.db, ['sessions', 'chat_presence'])).toEqual(dbBefore);

    // ten pictures are fine and keep their order
    const ten = await mutate(
      client,
      'sendChatMessage',
      'SendChatMessageInput',
      { groupId: chat.group.id, extMsgId: key(), pictureIds: pictures.slice(0, 10) },
      'SendChatMessageSuccess',
      'message { pictures { fileId name } }',
    );
    expect(ten.message.pictures).toEqual(pictures.slice(0, 10).map((fileId, i) => ({ fileId, name: `p${i}.png` })));
  });
});
