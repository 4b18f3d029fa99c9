/**
 * The client's deal calls (issue 3; spec core §4 "Deal flow" steps 4–9 and exits; §4 hidden offer details and the
 * client-facing display status): accept one offer, confirm documents, pay, confirm closing documents, cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealDocuments } from '../src/db/schema/deal.js';
import { storedFiles } from '../src/db/schema/orders.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';
import {
  activeOrderOfBoth,
  actors,
  CLIENT,
  newOrder,
  OPER,
  orderWithOffers,
  partnerOrderId,
  partnerStep,
  sendOffer,
  type Actors,
} from './deal-helpers.js';

for (const driver of DRIVERS) {
  describe(`client deal calls [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('hides details of offers not yet sent, then accepts one: order OFFER_ACCEPTED, that offer ACCEPTED, the other SIGNED_ANOTHER_OFFER', async () => {
      const id = await activeOrderOfBoth(t, a);
      let deal = (await a.client.get(`${CLIENT}/${id}/offers`)).json();
      expect(deal.displayStatus.code).toBe('WAITING_FOR_OFFERS');
      await sendOffer(t, a.p1, id);
      await a.p2.post(`/api/secured/partner/order/exch/${id}/take`, {});
      deal = (await a.client.get(`${CLIENT}/${id}/offers`)).json();
      expect(deal.displayStatus.code).toBe('HAS_OFFERS');
      const p1 = deal.offers.find((o: { partnerId: number }) => o.partnerId === a.p1Id);
      const p2 = deal.offers.find((o: { partnerId: number }) => o.partnerId === a.p2Id);
      expect(p1).toMatchObject({
        status: 'SEND_OFFER',
        offer: { dealMethod: 'PROTECTED', paymentSum: { currency: 'USD' } },
      });
      expect(p2).toMatchObject({ status: 'IN_PROGRESS', offer: null });
      // An offer in IN_PROGRESS cannot be accepted; an offer of another order is not found.
      expect((await a.client.post(`${CLIENT}/${id}/offers/${p2.id}/accept`, {})).statusCode).toBe(409);
      const other = await activeOrderOfBoth(t, a);
      expect((await a.client.post(`${CLIENT}/${other}/offers/${p1.id}/accept`, {})).statusCode).toBe(404);

      const acc = await a.client.post(`${CLIENT}/${id}/offers/${p1.id}/accept`, {});
      expect(acc.statusCode).toBe(200);
      expect(acc.json()).toMatchObject({
        status: 'OFFER_ACCEPTED',
        leadingOfferId: p1.id,
        displayStatus: { code: 'OFFER_ACCEPTED' },
      });
      const statuses = Object.fromEntries(
        acc.json().offers.map((o: { partnerId: number; status: string }) => [o.partnerId, o.status]),
      );
      expect(statuses).toEqual({ [a.p1Id]: 'ACCEPTED', [a.p2Id]: 'SIGNED_ANOTHER_OFFER' });
      expect((await a.client.post(`${CLIENT}/${id}/offers/${p1.id}/accept`, {})).statusCode).toBe(409);
    });

    it('walks the deal to EXECUTED: offer docs confirmed, bill, payment made, agent confirms, closing docs confirmed', async () => {
      const id = await orderWithOffers(t, a);
      const po = await partnerOrderId(t, id, a.p1Id);
      expect((await a.client.post(`${CLIENT}/${id}/offer/docs/confirm`, {})).statusCode).toBe(409);
      await a.client.post(`${CLIENT}/${id}/offers/${po}/accept`, {});

      // The agent uploads and sends an offer document (as its routes do, through the repository for the transition).
      const [file] = await t.db
        .insert(storedFiles)
        .values({
          id: crypto.randomUUID(),
          sha256: 'a'.repeat(64),
          size: 10,
          contentType: 'application/pdf',
          originalName: 'Договор.pdf',
          ownerUserId: (await t.app.loadAuthUser(1))!.id,
          createdAt: t.clock.now(),
        })
        .returning();
      await t.db.insert(dealDocuments).values({
        orderId: id,
        partnerOrderId: po,
        partnerCompanyId: a.p1Id,
        kind: 'OFFER_DOCS',
        fileId: file.id,
        name: 'Договор.pdf',
        status: 'UPLOADED',
        createdAt: t.clock.now(),
      });
      expect((await a.client.get(`${CLIENT}/${id}/offer/docs`)).json()).toEqual([]);
      await partnerStep(t, 'partner1@example.com', 'PARTNER_SEND_OFFER_DOCS', id, {
        within: async (tx: any) => {
          await tx.update(dealDocuments).set({ status: 'SENT' });
        },
      });
      const docs = (await a.client.get(`${CLIENT}/${id}/offer/docs`)).json();
      expect(docs).toHaveLength(1);
      expect(docs[0]).toMatchObject({ name: 'Договор.pdf', status: 'SENT' });
      expect((await a.client.get(`${CLIENT}/${id}/offers`)).json().displayStatus.code).toBe('REQUIRES_CONFIRMATION');

      const confirm = await a.client.post(`${CLIENT}/${id}/offer/docs/confirm`, {});
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().offers.find((o: { id: number }) => o.id === po).status).toBe('ACCEPTED_OFFER_DOCS');
      expect(confirm.json().displayStatus.code).toBe('WAITING_FOR_PAYMENT_ORDER');
      expect((await a.client.get(`${CLIENT}/${id}/offer/docs`)).json()[0].status).toBe('CONFIRMED');

      expect((await a.client.get(`${CLIENT}/${id}/pay-checks/active`)).statusCode).toBe(404);
      expect((await a.client.post(`${CLIENT}/${id}/payment/made`, {})).statusCode).toBe(409);
      await partnerStep(t, 'partner1@example.com', 'PARTNER_SEND_PAYCHECK', id, {
        payCheck: { amount: '12500.00', currency: 'USD', commission: '187.50', convertedCommissionAmount: '17343.75' },
      });
      const bill = await a.client.get(`${CLIENT}/${id}/pay-checks/active`);
      expect(bill.statusCode).toBe(200);
      expect(bill.json()).toMatchObject({
        status: 'ACTIVE',
        amount: '12500.00',
        currency: 'USD',
        commission: '187.50',
      });
      expect((await a.client.get(`${CLIENT}/${id}/offers`)).json().displayStatus.code).toBe('PAYMENT');

      const paid = await a.client.post(`${CLIENT}/${id}/payment/made`, {});
      expect(paid.statusCode).toBe(200);
      expect(paid.json().status).toBe('PAYMENT_CHECKING');
      expect((await a.client.get(`${CLIENT}/${id}/pay-checks/active`)).json().status).toBe('CHECK_PAYMENT');
      expect((await a.client.delete(`${CLIENT}/${id}`)).statusCode).toBe(409);

      const operConfirm = await a.oper.post(`${OPER}/${id}/pay-checks/confirm`, {});
      expect(operConfirm.statusCode).toBe(200);
      expect(operConfirm.json().status).toBe('EXECUTING');
      expect((await a.client.post(`${CLIENT}/${id}/offer/final-docs/confirm`, {})).statusCode).toBe(409);
      await partnerStep(t, 'partner1@example.com', 'PARTNER_SEND_FINAL_DOCS', id);
      expect((await a.client.get(`${CLIENT}/${id}/offers`)).json().displayStatus.code).toBe('REQUIRES_CONFIRMATION');
      const done = await a.client.post(`${CLIENT}/${id}/offer/final-docs/confirm`, {});
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ status: 'EXECUTED', displayStatus: { code: 'EXECUTED' } });

      const history = (await a.client.get(`${CLIENT}/${id}/history`)).json();
      expect(history.map((h: { entity: string; to: string }) => `${h.entity}:${h.to}`)).toEqual(
        expect.arrayContaining([
          'ORDER:OFFER_ACCEPTED',
          'OFFER:ACCEPTED',
          'PAYMENT:ACTIVE',
          'PAYMENT:CHECK_PAYMENT',
          'ORDER:PAYMENT_CHECKING',
          'ORDER:EXECUTING',
          'ORDER:EXECUTED',
        ]),
      );
      expect(history.some((h: { to: string }) => h.to === 'IN_PROGRESS')).toBe(false);
      expect(history.every((h: { actor: unknown }) => h.actor === null)).toBe(true);
    });

    it('cancels (DELETE): open offers withdrawn; agent refusal with a reason returns an accepted order to ACTIVE', async () => {
      const fresh = await newOrder(t, a);
      const c0 = await a.client.delete(`${CLIENT}/${fresh}`);
      expect(c0.statusCode).toBe(200);
      expect(c0.json().status).toBe('CANCELED');
      expect((await a.client.delete(`${CLIENT}/${fresh}`)).statusCode).toBe(409);

      const id = await orderWithOffers(t, a);
      const c = await a.client.delete(`${CLIENT}/${id}`, { body: { comment: 'Передумали' } });
      expect(c.statusCode).toBe(200);
      expect(c.json().offers.map((o: { status: string; offer: unknown }) => [o.status, o.offer])).toEqual([
        ['REFUSE_OPER', null],
        ['REFUSE_OPER', null],
      ]);

      const id2 = await orderWithOffers(t, a);
      await a.client.post(`${CLIENT}/${id2}/offers/${await partnerOrderId(t, id2, a.p2Id)}/accept`, {});
      await expect(partnerStep(t, 'partner2@example.com', 'PARTNER_REJECT', id2)).rejects.toMatchObject({
        statusCode: 400,
        code: 'COMMENT_REQUIRED',
      });
      await partnerStep(t, 'partner2@example.com', 'PARTNER_REJECT', id2, { comment: 'Не работаем с этим банком' });
      const after = (await a.client.get(`${CLIENT}/${id2}/offers`)).json();
      expect(after.status).toBe('ACTIVE');
      expect(after.displayStatus.code).toBe('WAITING_FOR_OFFERS');
    });
  });
}
