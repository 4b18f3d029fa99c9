import { describe, expect, it } from 'vitest';
import {
  canCreateAlliance,
  canManageAlliance,
  GROUP_NAME_MAX,
  GROUP_NAME_MESSAGES,
  hasAdminRights,
  invitableContacts,
  invitationText,
  metadataDisplay,
  validateGroupName,
} from './allianceRules';
import { isViewerAddedEvent, membershipChangedGroupId } from '../store/chatEventUpdater';

describe('alliance rules (spec chat §6)', () => {
  it('alliances can be created by clients, payment agents and operators, not by referral partners', () => {
    expect(canCreateAlliance('client')).toBe(true);
    expect(canCreateAlliance('partner')).toBe(true);
    expect(canCreateAlliance('operator')).toBe(true);
    expect(canCreateAlliance('agent')).toBe(false);
  });

  it('admin rights are OWNER and ADMIN', () => {
    expect(hasAdminRights('OWNER')).toBe(true);
    expect(hasAdminRights('ADMIN')).toBe(true);
    expect(hasAdminRights('MODERATOR')).toBe(false);
    expect(hasAdminRights('PARTICIPANT')).toBe(false);
    expect(hasAdminRights(null)).toBe(false);
  });

  it('inviting and renaming: alliances only, admin rights or an operator', () => {
    const alliance = (viewerRole: string | null) => ({ groupType: 'ECVP_PARTNER_CLIENT', viewerRole });
    expect(canManageAlliance(alliance('OWNER'), 'partner')).toBe(true);
    expect(canManageAlliance(alliance('ADMIN'), 'client')).toBe(true);
    expect(canManageAlliance(alliance('PARTICIPANT'), 'client')).toBe(false);
    expect(canManageAlliance(alliance('MODERATOR'), 'client')).toBe(false);
    expect(canManageAlliance(alliance(null), 'operator')).toBe(true);
    expect(canManageAlliance({ groupType: 'ECVP_CLIENT', viewerRole: 'OWNER' }, 'client')).toBe(false);
    expect(canManageAlliance({ groupType: 'ECVP_SUPPORT', viewerRole: null }, 'operator')).toBe(false);
  });

  it('invitable contacts are those not yet members, without the viewer, in order', () => {
    const contacts = [
      { userId: 3, name: 'Борис' },
      { userId: 1, name: 'Анна' },
      { userId: 7, name: 'Вера' },
      { userId: 9, name: 'Глеб' },
    ];
    expect(invitableContacts(contacts, [1, 2], 9).map((c) => c.name)).toEqual(['Борис', 'Вера']);
    expect(invitableContacts(contacts, new Set<number>(), null)).toHaveLength(4);
    expect(invitableContacts([], [1], 1)).toEqual([]);
  });

  it('group names: required after trimming, at most 200 characters', () => {
    expect(validateGroupName('Альянс ВЭД')).toBe(true);
    expect(validateGroupName('   ')).toBe(GROUP_NAME_MESSAGES.required);
    expect(validateGroupName(undefined)).toBe(GROUP_NAME_MESSAGES.required);
    expect(validateGroupName('я'.repeat(GROUP_NAME_MAX))).toBe(true);
    expect(validateGroupName(` ${'я'.repeat(GROUP_NAME_MAX)} `)).toBe(true);
    expect(validateGroupName('я'.repeat(GROUP_NAME_MAX + 1))).toBe(GROUP_NAME_MESSAGES.tooLong);
  });
});

describe('metaData display (spec chat §3)', () => {
  const names = new Map([[5, 'Иван Смирнов']]);
  const nameOf = (id: number) => names.get(id);

  it('an alliance invitation shows the label and the invited user when known, never the id, and the status word', () => {
    const inv = { type: 'GROUP_INVITATION', label: 'Приглашение в альянс', userMessage: '42' };
    expect(metadataDisplay({ ...inv, invitation: { invitedUserId: 5 } }, nameOf)).toEqual({
      label: 'Приглашение в альянс',
      detail: 'Иван Смирнов',
      status: null,
    });
    expect(metadataDisplay({ ...inv, invitation: { invitedUserId: 6 } }, nameOf)).toEqual({
      label: 'Приглашение в альянс',
      detail: null,
      status: null,
    });
    expect(metadataDisplay({ ...inv, invitation: null }, nameOf)).toEqual({
      label: 'Приглашение в альянс',
      detail: null,
      status: null,
    });
    // the invitation's own invitedUser names a user who is not a member (pending, declined)
    expect(
      metadataDisplay(
        { ...inv, invitation: { invitedUserId: 6, status: 'PENDING', invitedUser: { name: ' Пётр Агентов ' } } },
        nameOf,
      ),
    ).toEqual({ label: 'Приглашение в альянс', detail: 'Пётр Агентов', status: 'ожидает ответа' });
    expect(
      metadataDisplay({ ...inv, invitation: { invitedUserId: 5, status: 'ACCEPTED', invitedUser: null } }, nameOf)
        .status,
    ).toBe('принято');
    expect(
      metadataDisplay(
        { ...inv, invitation: { invitedUserId: 5, status: 'DECLINED', invitedUser: { name: '' } } },
        nameOf,
      ),
    ).toEqual({ label: 'Приглашение в альянс', detail: 'Иван Смирнов', status: 'отклонено' });
    expect(metadataDisplay({ ...inv, invitation: { invitedUserId: 5, status: 'EXPIRED' } }, nameOf).status).toBeNull();
  });

  it('other types show the label and the userMessage when it has text', () => {
    expect(metadataDisplay({ type: 'LINK', label: 'Ссылка', userMessage: 'https://example.com' }, nameOf)).toEqual({
      label: 'Ссылка',
      detail: 'https://example.com',
      status: null,
    });
    expect(metadataDisplay({ type: 'NOTIFICATION', label: 'Уведомление', userMessage: '  ' }, nameOf)).toEqual({
      label: 'Уведомление',
      detail: null,
      status: null,
    });
  });

  it('an invitation reads "<inviter> приглашает в «<group>»"', () => {
    expect(invitationText('Пётр Агентов', 'Альянс ВЭД')).toBe('Пётр Агентов приглашает в «Альянс ВЭД»');
    expect(invitationText(null, 'Альянс ВЭД')).toBe('Вас приглашают в «Альянс ВЭД»');
    expect(invitationText('Пётр', '')).toBe('Пётр приглашает в «Без названия»');
  });
});

describe('invitations reload on GROUP_ADDED about the viewer', () => {
  it('only a ChatGroupEvent GROUP_ADDED whose userId is the viewer (or absent) counts', () => {
    expect(isViewerAddedEvent({ __typename: 'ChatGroupEvent', event: 'GROUP_ADDED', userId: 7 }, 7)).toBe(true);
    expect(isViewerAddedEvent({ __typename: 'ChatGroupEvent', event: 'GROUP_ADDED', userId: null }, 7)).toBe(true);
    expect(isViewerAddedEvent({ __typename: 'ChatGroupEvent', event: 'GROUP_ADDED', userId: 8 }, 7)).toBe(false);
    expect(isViewerAddedEvent({ __typename: 'ChatGroupEvent', event: 'GROUP_JOINED', userId: 7 }, 7)).toBe(false);
    expect(isViewerAddedEvent({ __typename: 'ChatMessageEvent' }, 7)).toBe(false);
  });
});

describe('the open chat refetches its members on a membership change', () => {
  it('GROUP_JOINED, GROUP_LEFT and GROUP_ADDED name the group; others, removals of the viewer and message events do not', () => {
    const ev = (event: string, extra: Record<string, unknown> = {}) => ({
      __typename: 'ChatGroupEvent',
      event,
      groupId: 'ChatGroup:9',
      ...extra,
    });
    for (const e of ['GROUP_JOINED', 'GROUP_LEFT', 'GROUP_ADDED'])
      expect(membershipChangedGroupId(ev(e, { removedForViewer: false }))).toBe('ChatGroup:9');
    expect(membershipChangedGroupId(ev('GROUP_LEFT', { removedForViewer: true }))).toBeNull();
    for (const e of ['GROUP_RENAMED', 'GROUP_CREATED', 'GROUP_ADDED_FAVORITE', 'GROUP_REMOVED'])
      expect(membershipChangedGroupId(ev(e))).toBeNull();
    expect(membershipChangedGroupId({ __typename: 'ChatMessageEvent', groupId: 'ChatGroup:9' })).toBeNull();
    expect(membershipChangedGroupId({ __typename: 'ChatGroupEvent', event: 'GROUP_JOINED', groupId: null })).toBeNull();
  });
});
