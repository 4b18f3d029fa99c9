/**
 * The support desk's pure rules (spec chat §2 "Support chat: available only to users holding the support role",
 * §6 "a user of type operator counts as support", support user 10762): which list a group lives in, the list
 * filters, the requester's name, the badge counts, the routes of the desk, and chatStore placing a new group into
 * the lists of its kind only.
 */
import { commitLocalUpdate, Environment, Network, RecordSource, Store, type RecordSourceSelectorProxy } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { decideRoute } from '../../../system/router/guards';
import { listConnections, placeGroup, registerListConnection, removeGroup } from '../chatStore';
import {
  acceptsNewGroup,
  listBasePath,
  listKindOf,
  listTypes,
  matchesTypes,
  OPERATOR_CHAT_TYPES,
  offersSupportLink,
  requesterName,
  SUPPORT_TYPES,
  SUPPORT_USER_ID,
} from './chatLists';
import { badgeText, chatsBadgeCount, groupsWithUnread, unreadMessagesIn } from './supportBadges';

describe('which list a group lives in (chat §6)', () => {
  it('an operator: support chats on the desk, everything else in the chat list', () => {
    expect(listKindOf('operator', 'ECVP_SUPPORT')).toBe('support');
    for (const t of ['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER']) expect(listKindOf('operator', t)).toBe('chats');
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

describe('requester name of a support chat', () => {
  it('the members other than the support user', () => {
    expect(requesterName([{ userId: 5, name: 'Иван Смирнов' }, { userId: SUPPORT_USER_ID, name: 'Поддержка' }])).toBe('Иван Смирнов');
    expect(requesterName([{ userId: 5, name: 'Иван' }, { userId: 6, name: ' Анна ' }, { userId: SUPPORT_USER_ID, name: 'Поддержка' }])).toBe('Иван, Анна');
  });
  it('null when unknown (list answers carry no members)', () => {
    expect(requesterName([])).toBeNull();
    expect(requesterName([{ userId: SUPPORT_USER_ID, name: 'Поддержка' }, { userId: 7, name: null }])).toBeNull();
  });
});

describe('badges (chat §3 unread statistic)', () => {
  const g = (n: number) => ({ statistics: { unreadMessagesCount: n } });
  it("'Поддержка': support chats having unread messages", () => {
    expect(groupsWithUnread([g(0), g(3), g(1), g(0)])).toBe(2);
    expect(groupsWithUnread([])).toBe(0);
  });
  it("'Чаты': the overall count without the support chats' unread messages, never negative", () => {
    expect(unreadMessagesIn([g(3), g(1), g(-2)])).toBe(4);
    expect(chatsBadgeCount(7, [g(3), g(1)])).toBe(3);
    expect(chatsBadgeCount(4, [g(3), g(1)])).toBe(0);
    expect(chatsBadgeCount(2, [g(5)])).toBe(0);
    expect(chatsBadgeCount(5, [])).toBe(5);
  });
  it("text: '99+' above 99", () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('the desk is only for operators (spec core §2 guard, chat §2)', () => {
  it('an operator reaches /operator/support; a client or agent is sent home', () => {
    expect(decideRoute({ pathname: '/operator/support', userType: 'OPER', lastLoginType: 'OPER' })).toEqual({ action: 'allow' });
    expect(decideRoute({ pathname: '/operator/support/15', userType: 'OPER', lastLoginType: null })).toEqual({ action: 'allow' });
    expect(decideRoute({ pathname: '/operator/support', userType: 'CLIENT', lastLoginType: 'CLIENT' })).toEqual({ action: 'redirect', to: '/client/fea' });
    // a USER_TYPE cookie claiming OPER does not grant the desk
    expect(decideRoute({ pathname: '/operator/support', userType: 'PARTNER', lastLoginType: 'OPER' })).toEqual({ action: 'redirect', to: '/partner' });
  });
  it('a guest of the desk goes to the operator sign-in', () => {
    expect(decideRoute({ pathname: '/operator/support', userType: null, lastLoginType: null })).toEqual({ action: 'redirect', to: '/operator/auth' });
  });
});

describe('chatStore places a group into the lists of its kind (realtime, chat §4 "Group list")', () => {
  const VIEWER = 'viewer-1';

  function environment() {
    return new Environment({ network: Network.create(() => Promise.reject(new Error('no network'))), store: new Store(new RecordSource()) });
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

  it('a new support chat goes to the top of the desk and its badge list, not into the chat list or a search result', () => {
    const env = environment();
    listConnections.clear();
    commitLocalUpdate(env, (store) => {
      store.create(VIEWER, 'Viewer');
      group(store, 'g-chat', 'ECVP_CLIENT', '2025-01-10T10:00:00Z');
      group(store, 'g-old-support', 'ECVP_SUPPORT', '2025-01-10T09:00:00Z');
      connection(store, 'conn-chats', ['g-chat']);
      connection(store, 'conn-desk', ['g-old-support']);
      connection(store, 'conn-badge', ['g-old-support']);
      connection(store, 'conn-desk-search', []);
    });
    registerListConnection('conn-chats', { types: OPERATOR_CHAT_TYPES, searched: false });
    registerListConnection('conn-desk', { types: SUPPORT_TYPES, searched: false });
    registerListConnection('conn-badge', { types: SUPPORT_TYPES, searched: false });
    registerListConnection('conn-desk-search', { types: SUPPORT_TYPES, searched: true });

    commitLocalUpdate(env, (store) => placeGroup(store, group(store, 'g-new-support', 'ECVP_SUPPORT', '2025-01-11T08:00:00Z')));
    expect(ids(env, 'conn-desk')).toEqual(['g-new-support', 'g-old-support']);
    expect(ids(env, 'conn-badge')).toEqual(['g-new-support', 'g-old-support']);
    expect(ids(env, 'conn-chats')).toEqual(['g-chat']);
    expect(ids(env, 'conn-desk-search')).toEqual([]);

    // a new ordinary chat goes to the chat list only; placing again does not double it
    commitLocalUpdate(env, (store) => placeGroup(store, group(store, 'g-new-chat', 'ECVP_PARTNER', '2025-01-09T08:00:00Z')));
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
    expect(ids(env, 'conn-badge')).toEqual(['g-new-support']);
    listConnections.clear();
  });

  it("a client's unfiltered list takes every type, its support chat included", () => {
    const env = environment();
    listConnections.clear();
    commitLocalUpdate(env, (store) => connection(store, 'conn-client', []));
    registerListConnection('conn-client', { types: null, searched: false });
    commitLocalUpdate(env, (store) => placeGroup(store, group(store, 'g-support', 'ECVP_SUPPORT', '2025-01-11T08:00:00Z')));
    expect(ids(env, 'conn-client')).toEqual(['g-support']);
    listConnections.clear();
  });
});
