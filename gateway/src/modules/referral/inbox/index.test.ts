/** Global ids of the operators' inbox items (issue 11): "InboxItem:<KIND>:<id>" round trip and refusals. */
import { toGlobalId } from 'graphql-relay';
import { describe, expect, it } from 'vitest';
import { inboxItemGlobalId, inboxItemIdOf } from './index.js';

describe('inbox item ids', () => {
  it('round-trips both kinds', () => {
    expect(inboxItemIdOf(inboxItemGlobalId('CALLBACK', 12))).toEqual({ kind: 'CALLBACK', id: 12 });
    expect(inboxItemIdOf(inboxItemGlobalId('RECOMMENDATION', 2147483647))).toEqual({
      kind: 'RECOMMENDATION',
      id: 2147483647,
    });
  });

  it('refuses another type, an unknown kind, a bad or missing id and garbage', () => {
    for (const id of [
      toGlobalId('AdminClient', 'CALLBACK:1'),
      toGlobalId('InboxItem', 'EMAIL:1'),
      toGlobalId('InboxItem', 'CALLBACK:0'),
      toGlobalId('InboxItem', 'CALLBACK:2147483648'),
      toGlobalId('InboxItem', 'CALLBACK'),
      toGlobalId('InboxItem', 'CALLBACK:1:2'),
      '12',
      '',
      '%%%',
    ])
      expect(inboxItemIdOf(id), id).toBeNull();
  });
});
