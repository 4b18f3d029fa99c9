/**
 * The invitation of a GROUP_INVITATION message (rest/chat.ts messageInvitation): the backend's message `invitation`
 * { id, invitedUserId, invitedUserName, status } completed from the message into the ChatInvitation parent.
 */
import { describe, expect, it } from 'vitest';
import { messageInvitation, type ChatMessageView } from './chat.js';

describe('messageInvitation (chat §3 metaData group invitation)', () => {
  const raw: ChatMessageView = {
    msgId: 31,
    text: null,
    selfMsg: false,
    deleted: false,
    fileName: null,
    groupId: 7,
    group: { id: 7, type: 'ECVP_PARTNER_CLIENT', name: 'Альянс ВЭД' },
    dateTimeCreate: '2026-01-02T03:04:05.000Z',
    sender: { id: 3, name: 'Павел Морозов' },
    metaData: JSON.stringify({ userMessage: '12', metadataType: 'GROUP_INVITATION' }),
    edited: false,
    invitation: { id: 12, invitedUserId: 5, invitedUserName: 'Иван Смирнов', status: 'ACCEPTED' as const },
  };

  it('takes the group, the inviter (the sender) and the time from the message', () => {
    expect(messageInvitation(raw)).toEqual({
      id: 12,
      groupId: 7,
      groupName: 'Альянс ВЭД',
      invitedBy: { id: 3, name: 'Павел Морозов' },
      invitedUserId: 5,
      invitedUserName: 'Иван Смирнов',
      status: 'ACCEPTED',
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('is null when the message carries no invitation (other messages, or the invitation is gone)', () => {
    expect(messageInvitation({ ...raw, invitation: null })).toBeNull();
    const { invitation: _drop, ...plain } = raw;
    expect(messageInvitation(plain)).toBeNull();
  });
});
