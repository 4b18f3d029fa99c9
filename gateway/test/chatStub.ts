/**
 * A stub of the backend's chat surface for gateway tests: current user by SESSION cookie, the chat session
 * token, the SSE stream GET /api/secured/chat/stream (id/event/data, Last-Event-ID replay from a per-user
 * log, forced statuses, cuts) and a few chat REST calls in the backend's shapes (backend/src/routes/chat/schemas.ts:
 * GET group/{id} with `info`, messages pages `{ content, hasBefore, hasAfter, last }` ascending, GET messages/{msgId},
 * PUT /chat/{groupId} { messageId, text?, metaData? }, DELETE group/{id}/messages/{msgId}, POST/DELETE
 * group/{id}/messages/{msgId}/reactions { emoji }, POST group/{id}/messages with fileId / pictureIds and the backend's
 * TOO_MANY_ATTACHMENTS refusal beyond 10 pictures, PUT /api/chat/notification/user/{userId} { online } recorded in
 * `presence`), POST group/filter (the `groups` of the asked `types`, one last page) and POST group/statistics (`statistics`).
 * Sessions: sess-a / sess-a2 → user 1, sess-b → 2, sess-c → 3 (clients); sess-op → 4, sess-op2 → 5 (operators).
 * Plain node:http so the test controls every byte. Groups and messages are the backend's shapes of the generated REST
 * contract (rest/contract.ts), each field optional so a test gives only what it needs; the answers the stub builds itself
 * are typed in full.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ChatMessageView } from '../src/rest/chat.js';
import type {
  ChatGroupDetailDto,
  ChatSessionTokenDto,
  GroupPageDto,
  StatisticsAnswerDto,
  UnreadStatisticDto,
} from '../src/rest/contract.js';
import type { AnswerOf } from '../src/rest/openapi.js';

/** A group of the stub: GET group/{id}'s answer, every field but `id` optional. */
export type StubGroup = Pick<ChatGroupDetailDto, 'id'> & Partial<ChatGroupDetailDto>;
/** A message of the stub: the backend's message view, every field but `msgId` optional. */
export type StubMessage = ChatMessageView;

export interface StubStream {
  userId: number;
  lastEventId: string | null;
  /** The `views` query parameter the gateway asked with (null: none). */
  views: string | null;
  authorization: string | null;
  res: ServerResponse;
}
export interface StubLogEvent {
  id: number;
  event: string;
  data: unknown;
}

export interface ChatStub {
  url: string;
  streams: StubStream[];
  /** Every stream connection made, in order. */
  connections: { userId: number; lastEventId: string | null; status: number }[];
  tokenCalls: number;
  /** Next stream answers forced to these statuses (shifted per connection). */
  forceStatus: number[];
  /** Appends a durable event to the user's log and sends it to their open streams. */
  /** Sends a durable event to the user's open streams; with `view`, the `view:` line of a backend stream with views=1. */
  push(userId: number, event: string, data: unknown, view?: string): number;
  /** Sends an ephemeral event (no id) to the user's open streams. */
  ephemeral(userId: number, event: string, data: unknown): void;
  /** Destroys the user's open streams (a network cut). */
  cut(userId: number): void;
  open(userId: number): StubStream[];
  groups: Map<number, StubGroup>;
  messages: Map<number, StubMessage[]>;
  /** Chat REST calls with a body or a change (method, path, parsed JSON body). */
  calls: { method: string; path: string; body: unknown }[];
  /** Every GET of a chat route (path), in order: the reads an answer needed. */
  chatReads: string[];
  /** Presence reports (PUT /api/chat/notification/user/{userId}), in arrival order, with the anti-forgery header seen. */
  presence: { userId: number; online: boolean; csrf: string | null }[];
  /** The answer of POST group/statistics (the backend's `{ groupTypeStatistics, groupStatistics }`). */
  statistics: StatisticsAnswerDto;
  /** The bodies of the POST group/statistics calls, in arrival order. */
  statisticsRequests: unknown[];
  close(): Promise<void>;
}

const USERS: Record<string, number> = {
  'sess-a': 1,
  'sess-a2': 1,
  'sess-b': 2,
  'sess-c': 3,
  'sess-op': 4,
  'sess-op2': 5,
  'sess-v': 6,
};
/** Operators (data role OPER); everybody else is a CLIENT. */
const OPERATORS = new Set([4, 5]);

function sessionUser(req: IncomingMessage): number | null {
  const m = /(?:^|;\s*)SESSION=([^;]+)/.exec(req.headers.cookie ?? '');
  return m ? (USERS[m[1]] ?? null) : null;
}

export async function startChatStub(): Promise<ChatStub> {
  let nextId = 0;
  const logs = new Map<number, StubLogEvent[]>();
  const stub: ChatStub = {
    url: '',
    streams: [],
    connections: [],
    tokenCalls: 0,
    forceStatus: [],
    groups: new Map(),
    messages: new Map(),
    calls: [],
    chatReads: [],
    presence: [],
    statistics: { groupTypeStatistics: [], groupStatistics: [] },
    statisticsRequests: [],
    push(userId, event, data, view) {
      const id = ++nextId;
      const e = { id, event, data };
      if (!logs.has(userId)) logs.set(userId, []);
      logs.get(userId)!.push(e);
      const viewLine = view === undefined ? '' : `view: ${view}\n`;
      for (const s of stub.open(userId))
        s.res.write(`id: ${id}\nevent: ${event}\n${viewLine}data: ${JSON.stringify(data)}\n\n`);
      return id;
    },
    ephemeral(userId, event, data) {
      for (const s of stub.open(userId)) s.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    cut(userId) {
      for (const s of stub.open(userId)) s.res.destroy();
    },
    open(userId) {
      return stub.streams.filter((s) => s.userId === userId && !s.res.destroyed && !s.res.writableEnded);
    },
    close: async () => {
      for (const s of stub.streams) s.res.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const findMessage = (msgId: number) => {
    for (const list of stub.messages.values()) {
      const m = list.find((x) => x.msgId === msgId);
      if (m) return m;
    }
    return null;
  };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    const url = new URL(req.url ?? '/', 'http://stub');
    const user = sessionUser(req);
    if (req.method === 'GET' && url.pathname.startsWith('/api/secured/common/chat/')) stub.chatReads.push(url.pathname);
    if (url.pathname === '/api/public/csrf') {
      return json(res, 200, {
        token: 'tok',
        headerName: 'X-XSRF-TOKEN',
        parameterName: '_csrf',
      } satisfies AnswerOf<'GET', '/api/public/csrf'>);
    }
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/public/') && user === null) {
      return json(res, 401, { message: 'Требуется вход в систему', code: 'UNAUTHORIZED' });
    }
    if (url.pathname === '/api/secured/common/current/user') {
      return json(res, 200, {
        userId: user,
        email: `u${user}@example.ru`,
        account: { type: OPERATORS.has(user!) ? 'OPER' : 'CLIENT', status: 'ACTIVE' },
        verified: true,
        userRights: [],
      });
    }
    if (url.pathname === '/api/secured/chat/session-token') {
      stub.tokenCalls += 1;
      return json(res, 200, {
        token: `t-${stub.tokenCalls}`,
        chatUserId: user!,
        supportChatGroupId: 99,
        expirationTime: new Date(Date.now() + 3600_000).toISOString(),
      } satisfies ChatSessionTokenDto);
    }
    if (url.pathname === '/api/secured/chat/stream') {
      const lastEventId = (req.headers['last-event-id'] as string | undefined) ?? null;
      const forced = stub.forceStatus.shift();
      if (forced) {
        stub.connections.push({ userId: user!, lastEventId, status: forced });
        return json(res, forced, { message: 'forced', code: forced === 401 ? 'UNAUTHORIZED' : 'INTERNAL' });
      }
      stub.connections.push({ userId: user!, lastEventId, status: 200 });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': ping\n\n');
      if (lastEventId) {
        for (const e of logs.get(user!) ?? []) {
          if (e.id > Number(lastEventId))
            res.write(`id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
        }
      }
      stub.streams.push({
        userId: user!,
        lastEventId,
        views: url.searchParams.get('views'),
        authorization: (req.headers.authorization as string | undefined) ?? null,
        res,
      });
      return;
    }
    let m = /^\/api\/secured\/common\/chat\/group\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      const g = stub.groups.get(Number(m[1]));
      return g ? json(res, 200, g) : json(res, 404, { message: 'Не найдено', code: 'NOT_FOUND' });
    }
    m = /^\/api\/secured\/common\/chat\/group\/(\d+)\/messages$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      let list = [...(stub.messages.get(Number(m[1])) ?? [])];
      const after = url.searchParams.get('after');
      const before = url.searchParams.get('before');
      const limit = Number(url.searchParams.get('limit') ?? 30);
      if (limit > 50) return json(res, 400, { message: 'limit ≤ 50', code: 'VALIDATION_ERROR' });
      const all = list.sort((a, b) => a.msgId - b.msgId);
      if (after !== null) list = all.filter((x) => x.msgId > Number(after)).slice(0, limit);
      else {
        if (before !== null) list = all.filter((x) => x.msgId < Number(before));
        list = list.slice(Math.max(0, list.length - limit));
      }
      const first = list[0]?.msgId ?? Infinity;
      const last = list[list.length - 1]?.msgId ?? -Infinity;
      const hasBefore = all.some((x) => x.msgId < first);
      const hasAfter = all.some((x) => x.msgId > last) && list.length > 0;
      return json(res, 200, { content: list, hasBefore, hasAfter, last: after !== null ? !hasAfter : !hasBefore });
    }
    m = /^\/api\/secured\/common\/chat\/messages\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      const found = findMessage(Number(m[1]));
      return found
        ? json(res, 200, found)
        : json(res, 404, { message: 'Сообщение не найдено', code: 'MESSAGE_NOT_FOUND' });
    }
    m = /^\/api\/secured\/common\/chat\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'PUT') {
      stub.calls.push({ method: 'PUT', path: url.pathname, body });
      const b = body as { messageId: number; text?: string | null; metaData?: unknown };
      const found = findMessage(b.messageId);
      if (!found || found.groupId !== Number(m[1]))
        return json(res, 404, { message: 'Сообщение не найдено', code: 'MESSAGE_NOT_FOUND' });
      if (b.text !== undefined) found.text = b.text;
      if (b.metaData !== undefined) found.metaData = b.metaData === null ? null : JSON.stringify(b.metaData);
      found.edited = true;
      return json(res, 200, found);
    }
    m = /^\/api\/secured\/common\/chat\/group\/(\d+)\/messages\/(\d+)(\/reactions)?$/.exec(url.pathname);
    if (m && (req.method === 'DELETE' || (req.method === 'POST' && m[3]))) {
      stub.calls.push({ method: req.method, path: url.pathname, body });
      const found = findMessage(Number(m[2]));
      if (!found || found.groupId !== Number(m[1]))
        return json(res, 404, { message: 'Сообщение не найдено', code: 'MESSAGE_NOT_FOUND' });
      if (!m[3]) {
        const list = stub.messages.get(Number(m[1]))!;
        list.splice(list.indexOf(found), 1);
        res.writeHead(204).end();
        return;
      }
      const emoji = (body as { emoji: string }).emoji;
      const reactions = (found.reactions ?? []).filter((r) => r.emoji !== emoji);
      const had = (found.reactions ?? []).find((r) => r.emoji === emoji)?.userIds ?? [];
      const userIds = req.method === 'POST' ? [...new Set([...had, user!])] : had.filter((u) => u !== user);
      found.reactions = userIds.length ? [...reactions, { emoji, count: userIds.length, userIds }] : reactions;
      return json(res, 200, found);
    }
    m = /^\/api\/chat\/notification\/user\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'PUT') {
      if (Number(m[1]) !== user) return json(res, 403, { message: 'Недостаточно прав', code: 'FORBIDDEN' });
      const online = (body as { online?: boolean } | undefined)?.online ?? true;
      stub.presence.push({ userId: user!, online, csrf: (req.headers['x-xsrf-token'] as string | undefined) ?? null });
      return json(res, 200, {
        userId: user!,
        online,
        lastSeenAt: new Date(Date.now() - (online ? 0 : 240_000)).toISOString(),
        delivered: [],
      } satisfies AnswerOf<'PUT', '/api/chat/notification/user/{userId}'>);
    }
    m = /^\/api\/secured\/common\/chat\/group\/(\d+)\/messages$/.exec(url.pathname);
    if (m && req.method === 'POST') {
      stub.calls.push({ method: 'POST', path: url.pathname, body });
      const b = body as { extMsgId: string; text?: string | null; fileId?: string; pictureIds?: string[] };
      if ((b.pictureIds?.length ?? 0) > 10) {
        const message = 'Можно прикрепить не более 10 изображений';
        return json(res, 400, {
          message,
          code: 'TOO_MANY_ATTACHMENTS',
          errors: [{ field: 'pictureIds', code: 'TOO_MANY_ATTACHMENTS', message }],
        });
      }
      const groupId = Number(m[1]);
      const link = (id: string) => `/api/secured/common/chat/${id}/file`;
      const list = stub.messages.get(groupId) ?? [];
      const created: StubMessage = {
        msgId: 900 + list.length,
        groupId,
        extMsgId: b.extMsgId,
        dateTimeCreate: new Date().toISOString(),
        text: b.text ?? null,
        status: 'SENT',
        selfMsg: true,
        sender: { id: user!, name: `u${user}` },
        mentioned: [],
        edited: false,
        reactions: [],
        file: b.fileId
          ? { id: b.fileId, name: 'Счёт.pdf', size: 10, contentType: 'application/pdf', link: link(b.fileId) }
          : null,
        pictures: (b.pictureIds ?? []).map((id, i) => ({
          id,
          name: `photo${i}.png`,
          previewPictureInfo: { link: link(id) },
        })),
      };
      stub.messages.set(groupId, [...list, created]);
      return json(res, 201, created);
    }
    if (url.pathname === '/api/secured/common/chat/messages/unread')
      return json(res, 200, { unreadMessagesCount: 2, lastMessageId: 7 } satisfies UnreadStatisticDto);
    if (url.pathname === '/api/secured/common/chat/group/filter' && req.method === 'POST') {
      const types = (body as { types?: string[] } | undefined)?.types;
      const content = [...stub.groups.values()].filter((g) => !types?.length || types.includes(g.groupType ?? ''));
      return json(res, 200, { content, cursor: null, last: true } as GroupPageDto); // fixtures give only some fields
    }
    if (url.pathname === '/api/secured/common/chat/group/statistics' && req.method === 'POST') {
      stub.statisticsRequests.push(body);
      return json(res, 200, stub.statistics);
    }
    json(res, 404, { message: 'Не найдено', code: 'NOT_FOUND' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.address();
  stub.url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return stub;
}
