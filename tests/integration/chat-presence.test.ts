/**
 * Presence over real WebSockets (issue 4 "Integration: … typing, presence and counters"; spec chat §4 Notifications
 * USER_ONLINE / USER_OFFLINE, "Online and last seen": online when last seen under 4 minutes ago; §9 offline marker "set
 * 4 time units in the past"). The client and the payment agent partner1 share a request chat; the client keeps a
 * `chatEvents` subscription. When partner1's socket subscribes, the gateway reports partner1 online to the backend
 * (PUT /api/chat/notification/user/{id}), which tells the users sharing a group: the client receives a
 * ChatPresenceEvent with partner1 online, and `chatGroup.members` shows partner1 online with the same last-seen time.
 * When partner1's socket closes, after the gateway's grace period (shortened here) the client receives partner1
 * offline with last seen 4 minutes back, and the members list agrees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import {
  ok,
  clientAgentChat,
  sleep,
  subscribe,
  until,
  userSocket,
  viewerId,
  type RequestChat,
  type Sub,
} from '../support/chat.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';

/** The gateway's grace period before a user whose last socket closed counts as gone (10 s by default). */
const LINGER_MS = 300;
const FOUR_MINUTES = 4 * 60 * 1000;

let stack: Stack;
let client: GqlClient;
let p1: GqlClient;
let chat: RequestChat;
const sockets: Client[] = [];

const EVENTS = `subscription { chatEvents { __typename
  ... on ChatPresenceEvent { cursor user { userId name online lastSeenAt } }
} }`;
const MEMBERS = `query ($g: Int!) { viewer { chatGroup(groupId: $g) { members { userId online lastSeenAt } } } }`;

beforeAll(async () => {
  stack = await startStack({ realtime: { lingerMs: LINGER_MS } });
  ({ client, agent: p1, chat } = await clientAgentChat(stack.url));
});
afterAll(async () => {
  for (const s of sockets.splice(0)) await s.dispose();
  await stack?.close();
});

describe('presence through the gateway (issue 4; spec chat §4, §9)', () => {
  it('the client sees the agent go online when its socket subscribes and offline after it closes; members agree', async () => {
    const agentId = await viewerId(p1);
    const member = async () =>
      (
        (await ok(client, MEMBERS, { g: chat.group.groupId })).viewer.chatGroup.members as {
          userId: number;
          online: boolean;
          lastSeenAt: string | null;
        }[]
      ).find((m) => m.userId === agentId)!;
    const presenceOf = (s: Sub, online: boolean) =>
      s.events.find(
        (e) => e.__typename === 'ChatPresenceEvent' && e.user.userId === agentId && e.user.online === online,
      );

    // the client listens; the agent has not been seen in the chat yet
    const clientWs = userSocket(stack.url, client);
    sockets.push(clientWs);
    const streams = stack.backend.app.chatRealtime.openStreams();
    const sc = subscribe(clientWs, EVENTS);
    await until("the client's upstream stream", () => stack.backend.app.chatRealtime.openStreams() > streams);
    await sleep(100);
    expect(await member()).toEqual({ userId: agentId, online: false, lastSeenAt: null });

    // the agent's socket subscribes: USER_ONLINE reaches the client
    const t0 = Date.now();
    const agentWs = userSocket(stack.url, p1);
    sockets.push(agentWs);
    const sa = subscribe(agentWs, EVENTS);
    const online = await until('agent online at the client', () => presenceOf(sc, true));
    expect(online.cursor).toBeNull(); // ephemeral: not replayed
    expect(online.user.name).toBeTruthy();
    const seen = Date.parse(online.user.lastSeenAt);
    expect(seen).toBeGreaterThanOrEqual(t0 - 1000);
    expect(seen).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await member()).toEqual({ userId: agentId, online: true, lastSeenAt: online.user.lastSeenAt });

    // the agent's socket closes: after the grace period USER_OFFLINE reaches the client, last seen 4 minutes back
    const t1 = Date.now();
    sa.stop();
    await agentWs.dispose();
    const offline = await until('agent offline at the client', () => presenceOf(sc, false), 10_000);
    expect(Date.now() - t1).toBeGreaterThanOrEqual(LINGER_MS - 50);
    const marker = Date.parse(offline.user.lastSeenAt);
    expect(marker).toBeGreaterThanOrEqual(t1 - FOUR_MINUTES - 1000);
    expect(marker).toBeLessThanOrEqual(Date.now() - FOUR_MINUTES + 1000);
    expect(await member()).toEqual({ userId: agentId, online: false, lastSeenAt: offline.user.lastSeenAt });

    // the order of the client's presence events about the agent: online, then offline; the agent never gets its own
    const about = sc.events
      .filter((e) => e.__typename === 'ChatPresenceEvent' && e.user.userId === agentId)
      .map((e) => e.user.online);
    expect(about).toEqual([true, false]);
    expect(sa.events.some((e) => e.__typename === 'ChatPresenceEvent' && e.user.userId === agentId)).toBe(false);
    expect([...sc.errors, ...sa.errors]).toEqual([]);
    sc.stop();
  });
});
