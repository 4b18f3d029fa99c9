/** spec chat §6: group types, member roles and rights, personal chat types, support. */
import { describe, expect, it } from 'vitest';
import {
  ALLIANCE_GROUP_TYPE,
  canHavePersonalChat,
  canPerform,
  canUseSupportChat,
  GROUP_TYPES,
  hasAdminRights,
  hasModerationRights,
  isGroupType,
  isMemberRole,
  isOwnMessage,
  isSupportAccount,
  PERSONAL_CHAT_TYPES,
  previewRole,
  senderIdFor,
} from './groups.js';
import { SUPPORT_USER_ID } from '../limits.js';

describe('group types (chat §6)', () => {
  it('are the four ECVP types; alliances are ECVP_PARTNER_CLIENT', () => {
    expect(GROUP_TYPES).toEqual(['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER', 'ECVP_SUPPORT']);
    expect(ALLIANCE_GROUP_TYPE).toBe('ECVP_PARTNER_CLIENT');
    expect(isGroupType('ECVP_SUPPORT')).toBe(true);
    expect(isGroupType('ecvp_support')).toBe(false);
    expect(isGroupType(1)).toBe(false);
  });
});

describe('member roles and rights (chat §6)', () => {
  it('admin rights belong to ADMIN and OWNER only', () => {
    expect(hasAdminRights('OWNER')).toBe(true);
    expect(hasAdminRights('ADMIN')).toBe(true);
    expect(hasAdminRights('MODERATOR')).toBe(false);
    expect(hasAdminRights('PARTICIPANT')).toBe(false);
    expect(hasAdminRights(null)).toBe(false);
  });
  it('moderation rights also include MODERATOR', () => {
    expect(hasModerationRights('OWNER')).toBe(true);
    expect(hasModerationRights('ADMIN')).toBe(true);
    expect(hasModerationRights('MODERATOR')).toBe(true);
    expect(hasModerationRights('PARTICIPANT')).toBe(false);
    expect(hasModerationRights(undefined)).toBe(false);
  });
  it('previews show OWNER for the creator and PARTICIPANT for everyone else', () => {
    expect(previewRole('OWNER')).toBe('OWNER');
    expect(previewRole('ADMIN')).toBe('PARTICIPANT');
    expect(previewRole('MODERATOR')).toBe('PARTICIPANT');
    expect(previewRole('PARTICIPANT')).toBe('PARTICIPANT');
    expect(isMemberRole('MODERATOR')).toBe(true);
    expect(isMemberRole('GUEST')).toBe(false);
  });
  it("admin actions need admin rights, deleting others' messages needs moderation rights", () => {
    expect(canPerform('ADMIN', 'RENAME')).toBe(true);
    expect(canPerform('MODERATOR', 'RENAME')).toBe(false);
    expect(canPerform('MODERATOR', 'DELETE_OTHERS_MESSAGE')).toBe(true);
    expect(canPerform('PARTICIPANT', 'DELETE_OTHERS_MESSAGE')).toBe(false);
    expect(canPerform('OWNER', 'DELETE_GROUP')).toBe(true);
    expect(canPerform(null, 'ADD_MEMBER')).toBe(false);
    expect(canPerform('PARTICIPANT', 'REMOVE_MEMBER', { accountType: 'OPER' })).toBe(true);
    expect(canPerform('PARTICIPANT', 'REMOVE_MEMBER', { accountType: 'CLIENT' })).toBe(false);
  });
});

describe('personal chat types per account type (chat §6 table)', () => {
  it('client: ECVP_CLIENT, ECVP_PARTNER_CLIENT, ECVP_SUPPORT', () => {
    expect(PERSONAL_CHAT_TYPES.CLIENT).toEqual(['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_SUPPORT']);
    expect(canHavePersonalChat('CLIENT', 'ECVP_PARTNER')).toBe(false);
  });
  it('partner: ECVP_PARTNER, ECVP_PARTNER_CLIENT, ECVP_SUPPORT', () => {
    expect(PERSONAL_CHAT_TYPES.PARTNER).toEqual(['ECVP_PARTNER', 'ECVP_PARTNER_CLIENT', 'ECVP_SUPPORT']);
    expect(canHavePersonalChat('PARTNER', 'ECVP_CLIENT')).toBe(false);
  });
  it('operator: ECVP_CLIENT, ECVP_PARTNER_CLIENT, ECVP_PARTNER (not ECVP_SUPPORT: operators are support)', () => {
    expect(PERSONAL_CHAT_TYPES.OPER).toEqual(['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER']);
    expect(canHavePersonalChat('OPER', 'ECVP_SUPPORT')).toBe(false);
  });
  it('agent (not in the table): the support chat only', () => {
    expect(PERSONAL_CHAT_TYPES.AGENT).toEqual(['ECVP_SUPPORT']);
  });
});

describe('support (chat §6)', () => {
  const oper = { id: 7, accountType: 'OPER' as const };
  const client = { id: 5, accountType: 'CLIENT' as const };
  it('the support user id is 10762', () => expect(SUPPORT_USER_ID).toBe(10762));
  it('an operator counts as support and may use the support chat; others may not', () => {
    expect(isSupportAccount(oper)).toBe(true);
    expect(canUseSupportChat(oper)).toBe(true);
    for (const accountType of ['CLIENT', 'PARTNER', 'AGENT'] as const)
      expect(canUseSupportChat({ accountType })).toBe(false);
  });
  it('an operator writes as the support user in support groups, as themselves elsewhere', () => {
    expect(senderIdFor(oper, 'ECVP_SUPPORT')).toBe(10762);
    expect(senderIdFor(oper, 'ECVP_CLIENT')).toBe(7);
    expect(senderIdFor(client, 'ECVP_SUPPORT')).toBe(5);
  });
  it("own messages: the viewer's, and for support the support user's in support groups", () => {
    expect(isOwnMessage(5, client, 'ECVP_SUPPORT')).toBe(true);
    expect(isOwnMessage(10762, client, 'ECVP_SUPPORT')).toBe(false);
    expect(isOwnMessage(10762, oper, 'ECVP_SUPPORT')).toBe(true);
    expect(isOwnMessage(10762, oper, 'ECVP_CLIENT')).toBe(false);
    expect(isOwnMessage(7, oper, 'ECVP_CLIENT')).toBe(true);
  });
});
