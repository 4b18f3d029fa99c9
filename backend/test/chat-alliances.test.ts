/**
 * Alliances and personal chats (spec chat §6 personal chat types, alliances; §3 metaData group invitation; designed calls
 * GET …/chat/invitations and GET …/chat/contacts): the caller's pending invitations, the contacts list, the stable codes
 * of the refusals and that a refusal changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatEvents } from '../src/db/schema/chat-events.js';
import { users } from '../src/db/schema/core.js';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { activeOrder, partnerCompanyId, userOf } from './deal-partner-helpers.js';

const C = '/api/secured/common/chat';

interface Invitation {
  id: number;
  groupId: number;
  groupName: string;
  invitedBy: { id: number; name: string };
  invitedUserId: number;
  status: string;
  createdAt: string;
}
interface Contact {
  id: number;
  name: string;
  accountType: string;
  companyName: string | null;
  lastSeenAt: string | null;
}

for (const driver of DRIVERS) {
  describe(`chat alliances [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient, p1: TestClient, p2: TestClient, oper: TestClient, other: TestClient;
    let ids: { client: number; p1: number; p2: number; oper: number; support: number; other: number };
    let requestGroup: number;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      client = await t.signedIn('client@example.com');
      p1 = await t.signedIn('partner1@example.com');
      p2 = await t.signedIn('partner2@example.com');
      oper = await t.signedIn('operator@example.com');
      other = await t.signedIn('newclient@example.com');
      ids = {
        client: (await userOf(t, 'client@example.com')).id,
        p1: (await userOf(t, 'partner1@example.com')).id,
        p2: (await userOf(t, 'partner2@example.com')).id,
        oper: (await userOf(t, 'operator@example.com')).id,
        // the seeded support operator: order chats have every operator as a member
        support: (await userOf(t, 'support@example.com')).id,
        other: (await userOf(t, 'newclient@example.com')).id,
      };
      const orderId = await activeOrder(t, client, [await partnerCompanyId(t, 'Альфа Платежи')]);
      requestGroup = (await client.post(`${C}/${orderId}/create-get`, {})).json().id;
      await p1.post(`${C}/${orderId}/create-get`, {});
      await oper.post(`${C}/${orderId}/create-get`, {});
    });
    afterAll(() => t.close());

    const invitations = async (c: TestClient) => {
      const r = await c.get(`${C}/invitations`);
      expect(r.statusCode).toBe(200);
      return r.json() as Invitation[];
    };
    const contacts = async (c: TestClient) => {
      const r = await c.get(`${C}/contacts`);
      expect(r.statusCode).toBe(200);
      return r.json() as Contact[];
    };

    it("contacts: users sharing an active group, not the caller, not 10762, by name; only the caller's own", async () => {
      const mine = await contacts(p1);
      expect(mine.map((c) => c.id).sort()).toEqual([ids.client, ids.oper, ids.support].sort());
      const c = mine.find((x) => x.id === ids.client)!;
      expect(c).toMatchObject({ accountType: 'CLIENT', lastSeenAt: null });
      expect(typeof c.companyName).toBe('string');
      expect(mine.map((x) => x.name)).toEqual([...mine.map((x) => x.name)].sort((a, b) => a.localeCompare(b, 'ru')));
      // the client also shares its support chat with 10762: never listed
      expect((await contacts(client)).map((x) => x.id).sort()).toEqual([ids.p1, ids.oper, ids.support].sort());
      expect(await contacts(other)).toEqual([]);
      expect(await contacts(p2)).toEqual([]);
      expect((await t.client().get(`${C}/contacts`)).statusCode).toBe(401);
    });

    it('refusals of create-group have stable codes and change nothing', async () => {
      const before = await t.snapshot();
      const wrongType = await client.post(`${C}/group`, { name: 'Агенты', groupType: 'ECVP_PARTNER' });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toMatchObject({
        code: 'GROUP_TYPE_NOT_ALLOWED',
        message: CHAT_ERRORS.GROUP_TYPE_NOT_ALLOWED,
        errors: [{ field: 'groupType', code: 'GROUP_TYPE_NOT_ALLOWED' }],
      });
      expect((await p1.post(`${C}/group`, { name: 'Поддержка 2', groupType: 'ECVP_SUPPORT' })).json().code).toBe(
        'GROUP_TYPE_NOT_ALLOWED',
      );
      const badMember = await p1.post(`${C}/group`, {
        name: 'Альянс',
        groupType: 'ECVP_PARTNER_CLIENT',
        memberIds: [999999],
      });
      expect(badMember.statusCode).toBe(400);
      expect(badMember.json()).toMatchObject({ code: 'MEMBER_NOT_ALLOWED', message: CHAT_ERRORS.MEMBER_NOT_ALLOWED });
      const blank = await p1.post(`${C}/group`, { name: '   ', groupType: 'ECVP_PARTNER_CLIENT' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'name', code: 'REQUIRED' }] });
      expect(await t.snapshot()).toEqual(before);
    });

    it('invitations: listed for the invited user only, newest first, with the alliance name and the inviter', async () => {
      const created = await p1.post(`${C}/group`, { name: '  Альянс ВЭД  ', groupType: 'ECVP_PARTNER_CLIENT' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Альянс ВЭД', groupType: 'ECVP_PARTNER_CLIENT' });
      const g1 = created.json().id as number;
      const g2 = (await oper.post(`${C}/group`, { name: 'Альянс 2', groupType: 'ECVP_PARTNER_CLIENT' })).json()
        .id as number;
      expect(await invitations(client)).toEqual([]);
      const sent = await p1.post(`${C}/group/${g1}/invitations`, { userId: ids.client });
      expect(sent.statusCode).toBe(201);
      const i1 = sent.json().id as number;
      t.clock.advance(1000);
      const i2 = (await oper.post(`${C}/group/${g2}/invitations`, { userId: ids.client })).json().id as number;
      const list = await invitations(client);
      expect(list.map((i) => i.id)).toEqual([i2, i1]);
      const p1Name = (await contacts(client)).find((c) => c.id === ids.p1)!.name;
      expect(list[1]).toMatchObject({
        groupId: g1,
        groupName: 'Альянс ВЭД',
        invitedBy: { id: ids.p1, name: p1Name },
        invitedUserId: ids.client,
        status: 'PENDING',
      });
      expect(new Date(list[1].createdAt).toISOString()).toBe(list[1].createdAt);
      expect(sent.json()).toEqual(list[1]);
      expect(await invitations(p1)).toEqual([]);
      expect(await invitations(other)).toEqual([]);
      // the inviter's list preview of the alliance shows the §3 label of the invitation message (it has no text)
      const preview = (await p1.get(`${C}/group/${g1}`)).json().lastMessage;
      expect(preview).toMatchObject({ message: 'Приглашение в альянс', type: 'GROUP_MSG', selfMsg: true });
      // the invited user, not a member, gets GROUP_ADDED with the invitation
      const evs = (await t.db.select().from(chatEvents).orderBy(chatEvents.id)).filter(
        (e) => (e.payload as { groupId?: number }).groupId === g1 && e.kind === 'MODIFY_GROUP_MSG',
      );
      const added = evs.find((e) => (e.payload as { event: string }).event === 'GROUP_ADDED')!;
      expect(added.recipients).toEqual([ids.client]);
      expect(added.payload).toMatchObject({ userId: ids.client, invitationId: i1, invitation: true });

      // refusals: nothing changes
      const before = await t.snapshot();
      const again = await p1.post(`${C}/group/${g1}/invitations`, { userId: ids.client });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'ALREADY_INVITED', message: CHAT_ERRORS.ALREADY_INVITED });
      const notAlliance = await p1.post(`${C}/group/${requestGroup}/invitations`, { userId: ids.p2 });
      expect(notAlliance.statusCode).toBe(400);
      expect(notAlliance.json()).toMatchObject({ code: 'NOT_ALLIANCE', message: CHAT_ERRORS.NOT_ALLIANCE });
      const member = await p1.post(`${C}/group/${g1}/invitations`, { userId: ids.p1 });
      expect(member.json()).toEqual({ code: 'ALREADY_MEMBER', message: CHAT_ERRORS.ALREADY_MEMBER });
      expect((await p1.post(`${C}/group/${g1}/invitations`, { userId: 999999 })).json().code).toBe(
        'MEMBER_NOT_ALLOWED',
      );
      expect((await client.post(`${C}/group/${g1}/invitations`, { userId: ids.other })).statusCode).toBe(404);
      expect((await other.post(`${C}/invitations/${i1}/accept`, {})).json().code).toBe('INVITATION_NOT_FOUND');
      expect(await t.snapshot()).toEqual(before);

      expect((await client.post(`${C}/invitations/${i1}/accept`, {})).json()).toEqual({
        ...list[1],
        status: 'ACCEPTED',
      });
      expect((await client.post(`${C}/invitations/${i2}/decline`, {})).json()).toMatchObject({
        id: i2,
        groupId: g2,
        groupName: 'Альянс 2',
        invitedBy: { id: ids.oper },
        status: 'DECLINED',
      });
      expect(await invitations(client)).toEqual([]);
      const decided = await t.snapshot();
      const second = await client.post(`${C}/invitations/${i1}/accept`, {});
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ code: 'INVITATION_DECIDED', message: CHAT_ERRORS.INVITATION_DECIDED });
      const invitedMember = await p1.post(`${C}/group/${g1}/invitations`, { userId: ids.client });
      expect(invitedMember.json().code).toBe('ALREADY_MEMBER');
      // a PARTICIPANT may not rename
      const rename = await client.put(`${C}/${g1}`, { name: 'Чужое имя' });
      expect(rename.statusCode).toBe(403);
      expect(rename.json().code).toBe('FORBIDDEN');
      expect(await t.snapshot()).toEqual(decided);
      expect((await p1.put(`${C}/${g1}`, { name: 'Альянс ВЭД 2026' })).json().name).toBe('Альянс ВЭД 2026');
      // the alliance is shared now: the client is in p1's contacts once
      expect((await contacts(p1)).filter((c) => c.id === ids.client)).toHaveLength(1);
    });

    it('the GROUP_INVITATION message carries the invitation (invited name, status) for every member; a decision updates it live', async () => {
      const g = (
        await p1.post(`${C}/group`, { name: 'Альянс видимый', groupType: 'ECVP_PARTNER_CLIENT', memberIds: [ids.oper] })
      ).json().id as number;
      const iAccept = (await p1.post(`${C}/group/${g}/invitations`, { userId: ids.client })).json() as Invitation & {
        invitedUserName: string;
      };
      const iDecline = (await p1.post(`${C}/group/${g}/invitations`, { userId: ids.p2 })).json() as Invitation & {
        invitedUserName: string;
      };
      const clientName = (await contacts(p1)).find((c) => c.id === ids.client)!.name;
      expect(clientName).not.toBe('');
      expect(iAccept.invitedUserName).toBe(clientName);
      type Msg = {
        msgId: number;
        metaData: string | null;
        text: string | null;
        edited: boolean;
        invitation?: { id: number; invitedUserId: number; invitedUserName: string; status: string } | null;
      };
      const invitationMessages = async (c: TestClient) => {
        const r = await c.get(`${C}/group/${g}/messages`);
        expect(r.statusCode).toBe(200);
        const content = r.json().content as Msg[];
        // only GROUP_INVITATION messages carry the field
        for (const m of content.filter((x) => !x.metaData)) expect(m).not.toHaveProperty('invitation');
        return content.filter((m) => m.metaData && JSON.parse(m.metaData).metadataType === 'GROUP_INVITATION');
      };
      // the inviter and another member (an operator added at creation) see whom and the status, from one page read
      for (const viewer of [p1, oper]) {
        const msgs = await invitationMessages(viewer);
        expect(msgs.map((m) => m.invitation)).toEqual([
          { id: iAccept.id, invitedUserId: ids.client, invitedUserName: clientName, status: 'PENDING' },
          { id: iDecline.id, invitedUserId: ids.p2, invitedUserName: iDecline.invitedUserName, status: 'PENDING' },
        ]);
      }
      const accMsg = (await invitationMessages(p1))[0];

      // accept: the members get MODIFY_MSG MSG_METADATA_EDITED for the invitation message with status ACCEPTED (not edited)
      const events = async () =>
        (await t.db.select().from(chatEvents).orderBy(chatEvents.id)).filter(
          (e) => e.kind === 'MODIFY_MSG' && (e.payload as { groupId?: number }).groupId === g,
        );
      expect(await events()).toEqual([]);
      expect((await client.post(`${C}/invitations/${iAccept.id}/accept`, {})).json()).toMatchObject({
        status: 'ACCEPTED',
        invitedUserName: clientName,
      });
      const [ev] = await events();
      expect(ev.recipients.sort()).toEqual([ids.p1, ids.oper, ids.client].sort());
      expect(ev.payload).toMatchObject({
        modification: 'MSG_METADATA_EDITED',
        message: {
          msgId: accMsg.msgId,
          edited: false,
          invitation: { id: iAccept.id, status: 'ACCEPTED', invitedUserName: clientName },
        },
      });
      expect((await p2.post(`${C}/invitations/${iDecline.id}/decline`, {})).json().status).toBe('DECLINED');
      expect((await events()).map((e) => (e.payload as { message: Msg }).message.invitation?.status)).toEqual([
        'ACCEPTED',
        'DECLINED',
      ]);
      for (const viewer of [p1, oper, client]) {
        const msgs = await invitationMessages(viewer);
        expect(msgs.map((m) => [m.invitation?.id, m.invitation?.status, m.edited])).toEqual([
          [iAccept.id, 'ACCEPTED', false],
          [iDecline.id, 'DECLINED', false],
        ]);
      }
    });

    it('contacts skip suspended accounts and invitations of deleted alliances', async () => {
      const g = (await p1.post(`${C}/group`, { name: 'Удаляемый', groupType: 'ECVP_PARTNER_CLIENT' })).json()
        .id as number;
      await p1.post(`${C}/group/${g}/invitations`, { userId: ids.other });
      expect((await invitations(other)).map((i) => i.groupId)).toEqual([g]);
      expect((await p1.delete(`${C}/group/${g}`)).statusCode).toBe(204);
      expect(await invitations(other)).toEqual([]);
      await t.db.update(users).set({ status: 'USER_SUSPENDED' }).where(eq(users.id, ids.oper));
      try {
        expect((await contacts(p1)).map((c) => c.id)).not.toContain(ids.oper);
      } finally {
        await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, ids.oper));
      }
    });
  });
}
