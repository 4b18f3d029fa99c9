/**
 * The support desk's pure rules (spec chat §2 "Support chat: available only to users holding the support role",
 * §6 "a user of type operator counts as support", support user 10762): which list a group lives in, the list
 * filters, the redirects between the two lists, whose presence the header shows, the badge counts and their
 * debounced reload, the routes of the desk, chatStore placing a new group into the lists of its kind only, and
 * the statistic copied from events (or left to the reload for an operator's support chat).
 */
import {
  commitLocalUpdate,
  Environment,
  Network,
  RecordSource,
  Store,
  type RecordSourceSelectorProxy,
} from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideRoute } from '../../../system/router/guards';
import { chatSignals } from '../store/chatSignals';
import {
  listConnections,
  placeGroup,
  registerListConnection,
  removeGroup,
  setUnreadStatistic,
  splitsSupportCounts,
} from '../store/chatStore';
import {
  acceptsNewGroup,
  listBasePath,
  listKindOf,
  listTypes,
  matchesTypes,
  misplacedChatPath,
  OPERATOR_CHAT_TYPES,
  offersSupportLink,
  presenceMembers,
  SUPPORT_TYPES,
} from './chatLists';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import {
  badgeText,
  chatsBadgeCount,
  createDebouncedRefresh,
  SUPPORT_REFRESH_DELAY_MS,
  supportBadgeCount,
} from './supportBadges';

describe('which list a group lives in (chat §6)', () => {
  it('an operator: support chats on the desk, everything else in the chat list', () => {
    expect(listKindOf('operator', 'ECVP_SUPPORT')).toBe('support');
    for (const t of ['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER'])
      expect(listKindOf('operator', t)).toBe('chats');
  });
  it('clients, payment agents and referral partners keep their own support chat in the chat list', () => {
    for (const area of ['client', 'partner', 'agent'] as const) {
      expect(listKindOf(area, 'ECVP_SUPPORT')).toBe('chats');
      expect(listKindOf(area, 'ECVP_PARTNER_CLIENT')).toBe('chats');
    }
  });
  it('list query types: the operator list leaves support out, the desk has only support, others all', () => {
    expect(listTypes('operator', 'chats')).toEqual(['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER']);
    expect(listTypes('operator', 'support')).toEqual(['ECVP_SUPPORT']);
    expect(listTypes('client', 'chats')).toBeNull();
    expect(listTypes('partner', 'chats')).toBeNull();
  });
  it('each group type lands in exactly one of the operator lists', () => {
    for (const t of [...OPERATOR_CHAT_TYPES, ...SUPPORT_TYPES]) {
      const lists = (['chats', 'support'] as const).filter((k) => matchesTypes(listTypes('operator', k), t));
      expect(lists, t).toEqual([listKindOf('operator', t)]);
    }
  });
  it('routes of the lists', () => {
    expect(listBasePath('operator', 'support')).toBe('/operator/support');
    expect(listBasePath('operator', 'chats')).toBe('/operator/chats');
    expect(listBasePath('client', 'chats')).toBe('/client/chats');
  });
  it("'Написать в поддержку' only in the chat list of accounts that are not support", () => {
    expect(offersSupportLink('client', 'chats')).toBe(true);
    expect(offersSupportLink('partner', 'chats')).toBe(true);
    expect(offersSupportLink('agent', 'chats')).toBe(true);
    expect(offersSupportLink('operator', 'chats')).toBe(false);
    expect(offersSupportLink('operator', 'support')).toBe(false);
  });
});

describe('new groups join only unsearched lists of their types', () => {
  it('types filter', () => {
    expect(acceptsNewGroup({ types: null, searched: false }, 'ECVP_SUPPORT')).toBe(true);
    expect(acceptsNewGroup({ types: SUPPORT_TYPES, searched: false }, 'ECVP_SUPPORT')).toBe(true);
    expect(acceptsNewGroup({ types: SUPPORT_TYPES, searched: false }, 'ECVP_CLIENT')).toBe(false);
    expect(acceptsNewGroup({ types: OPERATOR_CHAT_TYPES, searched: false }, 'ECVP_SUPPORT')).toBe(false);
    expect(acceptsNewGroup({ types: OPERATOR_CHAT_TYPES, searched: false }, 'ECVP_PARTNER')).toBe(true);
  });
  it('a search result is not extended; an unknown type joins only an unfiltered list', () => {
    expect(acceptsNewGroup({ types: null, searched: true }, 'ECVP_CLIENT')).toBe(false);
    expect(acceptsNewGroup({ types: SUPPORT_TYPES, searched: false }, null)).toBe(false);
    expect(acceptsNewGroup({ types: null, searched: false }, undefined)).toBe(true);
  });
});

describe('each chat lives in one place: redirects between the desk and the chat list', () => {
  it('/operator/support/<id> of another group goes to /operator/chats/<id>, and the other way round', () => {
    expect(misplacedChatPath('operator', 'support', 'ECVP_CLIENT', 41)).toBe('/operator/chats/41');
    expect(misplacedChatPath('operator', 'support', 'ECVP_PARTNER', 41)).toBe('/operator/chats/41');
    expect(misplacedChatPath('operator', 'chats', 'ECVP_SUPPORT', 7)).toBe('/operator/support/7');
  });
  it('in place: no redirect', () => {
    expect(misplacedChatPath('operator', 'support', 'ECVP_SUPPORT', 7)).toBeNull();
    expect(misplacedChatPath('operator', 'chats', 'ECVP_PARTNER_CLIENT', 41)).toBeNull();
  });
  it('accounts without a desk keep every chat, their support chat included, in their chat list', () => {
    for (const area of ['client', 'partner', 'agent'] as const) {
      expect(misplacedChatPath(area, 'chats', 'ECVP_SUPPORT', 7)).toBeNull();
      expect(misplacedChatPath(area, 'chats', 'ECVP_CLIENT', 41)).toBeNull();
    }
  });
});

describe('whose presence the chat header shows', () => {
  const members = [
    { userId: 5, name: 'Иван Смирнов' },
    { userId: SUPPORT_USER_ID, name: 'Поддержка' },
  ];
  it('an operator answering as support: the requester, not the support user', () => {
    expect(presenceMembers(members, 900, true)).toEqual([{ userId: 5, name: 'Иван Смирнов' }]);
  });
  it('the client in its support chat: the support user', () => {
    expect(presenceMembers(members, 5, false)).toEqual([{ userId: SUPPORT_USER_ID, name: 'Поддержка' }]);
  });
  it('elsewhere: everybody but the viewer', () => {
    expect(presenceMembers(members, 900, false)).toEqual(members);
  });
});

describe('badges (chat §3 unread statistic, group statistics by type)', () => {
  const counts = [
    { groupType: 'ECVP_CLIENT', unreadGroupCount: 2, unreadMessagesCount: 5 },
    { groupType: 'ECVP_SUPPORT', unreadGroupCount: 3, unreadMessagesCount: 4 },
  ];
  it("'Поддержка': the support chats having unread messages (ECVP_SUPPORT unreadGroupCount)", () => {
    expect(supportBadgeCount(counts)).toBe(3);
    expect(supportBadgeCount([{ groupType: 'ECVP_CLIENT', unreadGroupCount: 2, unreadMessagesCount: 5 }])).toBe(0);
    expect(supportBadgeCount([])).toBe(0);
    expect(supportBadgeCount(null)).toBe(0);
    expect(supportBadgeCount([{ groupType: 'ECVP_SUPPORT', unreadGroupCount: -1, unreadMessagesCount: 0 }])).toBe(0);
  });
  it("'Чаты': the overall count without the support chats' unread messages, never negative", () => {
    expect(chatsBadgeCount(9, counts)).toBe(5);
    expect(chatsBadgeCount(4, counts)).toBe(0);
    expect(chatsBadgeCount(2, counts)).toBe(0);
    expect(chatsBadgeCount(5, [])).toBe(5);
    // accounts without a desk: everything counts (their support chat is in their chat list)
    expect(chatsBadgeCount(5, null)).toBe(5);
    expect(chatsBadgeCount(-3, null)).toBe(0);
    expect(chatsBadgeCount(5, [{ groupType: 'ECVP_SUPPORT', unreadGroupCount: 0, unreadMessagesCount: -2 }])).toBe(5);
  });
  it("text: '99+' above 99", () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('debounced reload of the badge statistic', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function deferredRun() {
    const runs: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
    const run = vi.fn(() => new Promise<void>((resolve, reject) => runs.push({ resolve, reject })));
    return { run, runs };
  }

  it('a burst of changes gives one reload 300 ms after the last', async () => {
    const { run, runs } = deferredRun();
    const refresh = createDebouncedRefresh(run, SUPPORT_REFRESH_DELAY_MS);
    expect(SUPPORT_REFRESH_DELAY_MS).toBe(300);
    refresh.request();
    await vi.advanceTimersByTimeAsync(200);
    refresh.request();
    await vi.advanceTimersByTimeAsync(299);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    runs[0].resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a change during a reload gives one more reload after it (the answer may predate the change)', async () => {
    const { run, runs } = deferredRun();
    const refresh = createDebouncedRefresh(run, 300);
    refresh.request();
    await vi.advanceTimersByTimeAsync(300);
    expect(run).toHaveBeenCalledTimes(1);
    refresh.request();
    refresh.request();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    runs[0].resolve();
    await vi.advanceTimersByTimeAsync(300);
    expect(run).toHaveBeenCalledTimes(2);
    runs[1].resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('a failed reload is reported and later changes reload again; dispose cancels', async () => {
    const { run, runs } = deferredRun();
    const onError = vi.fn();
    const refresh = createDebouncedRefresh(run, 300, onError);
    refresh.request();
    await vi.advanceTimersByTimeAsync(300);
    runs[0].reject(new Error('502'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(new Error('502'));
    refresh.request();
    await vi.advanceTimersByTimeAsync(300);
    expect(run).toHaveBeenCalledTimes(2);
    runs[1].resolve();
    refresh.request();
    refresh.dispose();
    refresh.request();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});

describe('the desk is only for operators (spec core §2 guard, chat §2)', () => {
  it('an operator reaches /operator/support; a client or agent is sent home', () => {
    expect(decideRoute({ pathname: '/operator/support', userType: 'OPER', lastLoginType: 'OPER' })).toEqual({
      action: 'allow',
    });
    expect(decideRoute({ pathname: '/operator/support/15', userType: 'OPER', lastLoginType: null })).toEqual({
      action: 'allow',
    });
    expect(decideRoute({ pathname: '/operator/support', userType: 'CLIENT', lastLoginType: 'CLIENT' })).toEqual({
      action: 'redirect',
      to: '/client/fea',
    });
    // a USER_TYPE cookie claiming OPER does not grant the desk
    expect(decideRoute({ pathname: '/operator/support', userType: 'PARTNER', lastLoginType: 'OPER' })).toEqual({
      action: 'redirect',
      to: '/partner',
    });
  });
  it('a guest of the desk goes to the operator sign-in', () => {
    expect(decideRoute({ pathname: '/operator/support', userType: null, lastLoginType: null })).toEqual({
      action: 'redirect',
      to: '/operator/auth',
    });
  });
});

describe('chatStore places a group into the lists of its kind (realtime, chat §4 "Group list")', () => {
  const VIEWER = 'viewer-1';

  function environment() {
    return new Environment({
      network: Network.create(() => Promise.reject(new Error('no network'))),
      store: new Store(new RecordSource()),
    });
  }

  function group(store: RecordSourceSelectorProxy, id: string, type: string, lastAt: string) {
    const g = store.create(id, 'ChatGroup');
    g.setValue(id, 'id');
    g.setValue(type, 'groupType');
    g.setValue(null, 'favoriteId');
    const last = store.create(`${id}:last`, 'ChatLastMessage');
    last.setValue(lastAt, 'createdAt');
    g.setLinkedRecord(last, 'lastMessage');
    return g;
  }

  function connection(store: RecordSourceSelectorProxy, id: string, groups: string[]) {
    const conn = store.create(id, 'ChatGroupConnection');
    conn.setLinkedRecords(
      groups.map((g, i) => {
        const edge = store.create(`${id}:edge:${i}`, 'ChatGroupEdge');
        edge.setLinkedRecord(store.get(g)!, 'node');
        return edge;
      }),
      'edges',
    );
  }

  function ids(env: Environment, connId: string): string[] {
    const source = env.getStore().getSource();
    const edges = (source.get(connId)?.edges as { __refs: string[] } | undefined)?.__refs ?? [];
    return edges.map((e) => (source.get(e)?.node as { __ref: string }).__ref);
  }

  it('a new support chat goes to the top of the desk, not into the chat list or a search result', () => {
    const env = environment();
    listConnections.clear();
    commitLocalUpdate(env, (store) => {
      store.create(VIEWER, 'Viewer');
      group(store, 'g-chat', 'ECVP_CLIENT', '2025-01-10T10:00:00Z');
      group(store, 'g-old-support', 'ECVP_SUPPORT', '2025-01-10T09:00:00Z');
      connection(store, 'conn-chats', ['g-chat']);
      connection(store, 'conn-desk', ['g-old-support']);
      connection(store, 'conn-desk-search', []);
    });
    registerListConnection('conn-chats', { types: OPERATOR_CHAT_TYPES, searched: false });
    registerListConnection('conn-desk', { types: SUPPORT_TYPES, searched: false });
    registerListConnection('conn-desk-search', { types: SUPPORT_TYPES, searched: true });

    commitLocalUpdate(env, (store) =>
      placeGroup(store, group(store, 'g-new-support', 'ECVP_SUPPORT', '2025-01-11T08:00:00Z')),
    );
    expect(ids(env, 'conn-desk')).toEqual(['g-new-support', 'g-old-support']);
    expect(ids(env, 'conn-chats')).toEqual(['g-chat']);
    expect(ids(env, 'conn-desk-search')).toEqual([]);

    // a new ordinary chat goes to the chat list only; placing again does not double it
    commitLocalUpdate(env, (store) =>
      placeGroup(store, group(store, 'g-new-chat', 'ECVP_PARTNER', '2025-01-09T08:00:00Z')),
    );
    commitLocalUpdate(env, (store) => placeGroup(store, store.get('g-new-chat')));
    expect(ids(env, 'conn-chats')).toEqual(['g-chat', 'g-new-chat']);
    expect(ids(env, 'conn-desk')).toEqual(['g-new-support', 'g-old-support']);

    // a newer message re-sorts the desk (newest first)
    commitLocalUpdate(env, (store) => {
      store.get('g-old-support:last')!.setValue('2025-01-12T08:00:00Z', 'createdAt');
      placeGroup(store, store.get('g-old-support'));
    });
    expect(ids(env, 'conn-desk')).toEqual(['g-old-support', 'g-new-support']);

    // removal reaches every list
    commitLocalUpdate(env, (store) => removeGroup(store, 'g-old-support'));
    expect(ids(env, 'conn-desk')).toEqual(['g-new-support']);
    listConnections.clear();
  });

  it("a client's unfiltered list takes every type, its support chat included", () => {
    const env = environment();
    listConnections.clear();
    commitLocalUpdate(env, (store) => connection(store, 'conn-client', []));
    registerListConnection('conn-client', { types: null, searched: false });
    commitLocalUpdate(env, (store) =>
      placeGroup(store, group(store, 'g-support', 'ECVP_SUPPORT', '2025-01-11T08:00:00Z')),
    );
    expect(ids(env, 'conn-client')).toEqual(['g-support']);
    listConnections.clear();
  });
});

describe('the unread statistic from events and mutations (chatStore.setUnreadStatistic)', () => {
  const VIEWER = 'viewer-1';
  const STAT = 'client:viewer-1:unreadStatistic';

  /** A store with the viewer's statistic (with the per-type counts when `split`, as the operator's badges load it). */
  function environment(split: boolean) {
    const env = new Environment({
      network: Network.create(() => Promise.reject(new Error('no network'))),
      store: new Store(new RecordSource()),
    });
    commitLocalUpdate(env, (store) => {
      const viewer = store.create(VIEWER, 'Viewer');
      store.getRoot().setLinkedRecord(viewer, 'viewer');
      const stat = store.create(STAT, 'UnreadStatistic');
      stat.setValue(3, 'unreadMessagesCount');
      stat.setValue(100, 'lastMessageId');
      viewer.setLinkedRecord(stat, 'unreadStatistic');
      if (split) {
        const support = store.create(`${STAT}:support`, 'ChatGroupTypeCount');
        support.setValue('ECVP_SUPPORT', 'groupType');
        support.setValue(1, 'unreadGroupCount');
        support.setValue(2, 'unreadMessagesCount');
        stat.setLinkedRecords([support], 'groupTypeCounts');
      }
      for (const [id, type] of [
        ['g-support', 'ECVP_SUPPORT'],
        ['g-order', 'ECVP_CLIENT'],
      ])
        store.create(id, 'ChatGroup').setValue(type, 'groupType');
    });
    return env;
  }

  /** Applies a payload statistic (overall 7, last message 120) about `groupId`; answers the viewer's numbers and the signals. */
  function apply(env: Environment, groupId: string | undefined) {
    let signals = 0;
    const off = chatSignals.onSupportCountsChange(() => signals++);
    commitLocalUpdate(env, (store) => {
      const source = store.create(`payload-${Math.random()}`, 'UnreadStatistic');
      source.setValue(7, 'unreadMessagesCount');
      source.setValue(120, 'lastMessageId');
      setUnreadStatistic(store, source, groupId);
    });
    off();
    const stat = env.getStore().getSource().get(STAT)!;
    return { count: stat.unreadMessagesCount, last: stat.lastMessageId, signals };
  }

  it("an operator's support chat: the numbers are left to the badges' reload, which is asked for", () => {
    const env = environment(true);
    let split = false;
    commitLocalUpdate(env, (store) => void (split = splitsSupportCounts(store)));
    expect(split).toBe(true);
    expect(apply(env, 'g-support')).toEqual({ count: 3, last: 100, signals: 1 });
  });
  it("an operator's other chat: the overall number is copied at once", () => {
    expect(apply(environment(true), 'g-order')).toEqual({ count: 7, last: 120, signals: 0 });
    expect(apply(environment(true), undefined)).toEqual({ count: 7, last: 120, signals: 0 });
  });
  it('an account without a desk: copied at once, its support chat included', () => {
    const env = environment(false);
    let split = true;
    commitLocalUpdate(env, (store) => void (split = splitsSupportCounts(store)));
    expect(split).toBe(false);
    expect(apply(env, 'g-support')).toEqual({ count: 7, last: 120, signals: 0 });
  });
});
