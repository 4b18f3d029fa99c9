/** spec chat §3 group system events and §4 realtime kinds: the unions hold exactly the spec's names. */
import { describe, expect, it } from 'vitest';
import {
  eventGroupId,
  GROUP_EVENT_KINDS,
  GROUP_SYSTEM_EVENT_KINDS,
  isDurable,
  isGroupEventKind,
  isMessageModificationKind,
  isNotificationKind,
  isRealtimeMessageType,
  MESSAGE_MODIFICATION_KINDS,
  NOTIFICATION_KINDS,
  REALTIME_MESSAGE_TYPES,
  type RealtimeEvent,
} from './events.js';

describe('realtime kinds (chat §4)', () => {
  it('incoming message types', () => {
    expect(REALTIME_MESSAGE_TYPES).toEqual([
      'MODIFY_MSG',
      'CHILD_MSG',
      'GROUP_MSG',
      'MODIFY_GROUP_MSG',
      'NOTIFY_MSG',
      'GROUP_REQDOC_MSG',
    ]);
    expect(isRealtimeMessageType('GROUP_REQDOC_MSG')).toBe(true);
    expect(isRealtimeMessageType('PING')).toBe(false);
  });
  it('message modification kinds', () => {
    expect(MESSAGE_MODIFICATION_KINDS).toEqual([
      'MSG_EDITED',
      'MSG_METADATA_EDITED',
      'MSG_DELETED',
      'MSG_DELIVERED',
      'MSG_VIEWED',
    ]);
    expect(isMessageModificationKind('MSG_VIEWED')).toBe(true);
    expect(isMessageModificationKind('MSG_READ')).toBe(false);
  });
  it('group system events (§3) and group modifications (§4)', () => {
    expect(GROUP_SYSTEM_EVENT_KINDS).toEqual([
      'GROUP_CREATED',
      'GROUP_NAME_CHANGED',
      'GROUP_PICTURE_CHANGED',
      'GROUP_LEFT',
      'GROUP_REMOVED',
      'GROUP_JOINED',
      'GROUP_ADDED',
    ]);
    expect(GROUP_EVENT_KINDS).toEqual([...GROUP_SYSTEM_EVENT_KINDS, 'GROUP_ADDED_FAVORITE', 'GROUP_REMOVED_FAVORITE']);
    expect(isGroupEventKind('GROUP_ADDED_FAVORITE')).toBe(true);
    expect(isGroupEventKind('MSG_EDITED')).toBe(false);
  });
  it('notifications', () => {
    expect(NOTIFICATION_KINDS).toEqual(['USER_ONLINE', 'USER_OFFLINE', 'USER_TYPING_GROUP']);
    expect(isNotificationKind('USER_TYPING_GROUP')).toBe(true);
    expect(isNotificationKind(null)).toBe(false);
  });
  it('notifications are ephemeral; messages, modifications, group events and GROUP_REQDOC_MSG are durable', () => {
    const message = {
      msgId: 1,
      groupId: 1,
      dateTimeCreate: '2025-01-01T00:00:00Z',
      status: 'SENT' as const,
      sender: { id: 1, name: 'А' },
      type: 'GROUP_MSG' as const,
    };
    const events: RealtimeEvent[] = [
      { type: 'GROUP_MSG', message },
      { type: 'CHILD_MSG', message: { ...message, type: 'CHILD_MSG' } },
      { type: 'MODIFY_MSG', modification: 'MSG_EDITED', message },
      { type: 'MODIFY_GROUP_MSG', event: 'GROUP_CREATED', groupId: 1 },
      { type: 'GROUP_REQDOC_MSG', payload: { any: 'thing' } },
    ];
    for (const e of events) expect(isDurable(e)).toBe(true);
    expect(
      isDurable({
        type: 'NOTIFY_MSG',
        notification: 'USER_TYPING_GROUP',
        userId: 1,
        groupId: 1,
        at: '2025-01-01T00:00:00Z',
      }),
    ).toBe(false);
  });
});

describe('eventGroupId: the group a stored event is about (issue 15, the stream views)', () => {
  it('message kinds: the message (or its `message`) by groupId, else group.id', () => {
    expect(eventGroupId('GROUP_MSG', { type: 'GROUP_MSG', groupId: 7, message: { msgId: 1, groupId: 7 } })).toBe(7);
    expect(eventGroupId('CHILD_MSG', { msgId: 1, groupId: 8 })).toBe(8);
    expect(eventGroupId('GROUP_MSG', { msgId: 1, group: { id: 9 } })).toBe(9);
    expect(eventGroupId('MODIFY_MSG', { modification: 'MSG_EDITED', message: { msgId: 1, group: { id: 5 } } })).toBe(5);
    // MODIFY_MSG only through `message`
    expect(eventGroupId('MODIFY_MSG', { modification: 'MSG_EDITED', groupId: 5 })).toBeNull();
    expect(eventGroupId('GROUP_MSG', { message: { msgId: 1 } })).toBeNull();
    expect(eventGroupId('GROUP_MSG', { message: { msgId: 1, group: null } })).toBeNull();
  });
  it('group events by groupId, else group.id; other kinds and bad payloads: null', () => {
    expect(eventGroupId('MODIFY_GROUP_MSG', { event: 'GROUP_RENAMED', groupId: 3 })).toBe(3);
    expect(eventGroupId('MODIFY_GROUP_MSG', { event: 'GROUP_ADDED', group: { id: 4 } })).toBe(4);
    expect(eventGroupId('MODIFY_GROUP_MSG', { groupId: '3' })).toBeNull();
    expect(eventGroupId('NOTIFY_MSG', { groupId: 3 })).toBeNull();
    expect(eventGroupId('ORDER_MSG', { orderId: 3 })).toBeNull();
    expect(eventGroupId('GROUP_MSG', null)).toBeNull();
    expect(eventGroupId('GROUP_MSG', 'text')).toBeNull();
  });
});
