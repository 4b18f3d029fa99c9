/**
 * The payment agent's part of the deal flow (spec core §4 "Payment agent tabs", "Deal flow" steps 3, 5, 6, 8; §5
 * refusal reason, files; §7 "Payment agent (partner)"; issue 3): tabs and filters, take, reject, offer with the
 * commission computed by the server, offer documents, bills and reissue, payment confirmation, closing documents.
 */
import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { orderStatusHistory } from '../src/db/schema/orders.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestApp, type TestClient } from './harness.js';
import {
  activeOrder,
  clientAction,
  offerBody,
  offerStatus,
  partnerListWorld,
  PBASE,
  PORDER,
} from './deal-partner-helpers.js';
import { day, exe, PNG, pdf, uploaded } from './orders-helpers.js';

const TABS = ['all', 'new', 'working', 'deals', 'results'] as const;

for (const driver of DRIVERS) {
  describe(`payment agent deal flow [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient;
    let p1: TestClient;
    let p2: TestClient;
    let alfa: number;
    let beta: number;
    /** Orders: A (both agents, the deal), B (both, refused by p1), C (p1 only, TR, late term), D (p2 only). */
    let A: number;
    let B: number;
    let C: number;
    let D: number;
    const d = { day: (n: number) => day(t, n) };

    const counts = async (c: TestClient, extra: Record<string, unknown> = {}) => {
      const out: Record<string, number> = {};
      for (const tab of TABS) out[tab] = (await c.post(`${PORDER}/filter/count`, { tab, ...extra })).json().count;
      return out;
    };
    const ids = async (c: TestClient, body: Record<string, unknown>) =>
      ((await c.post(`${PORDER}/filter`, body)).json().content as Array<{ orderId: number }>)
        .map((r) => r.orderId)
        .sort((a, b) => a - b);

    beforeAll(async () => {
      ({ t, client, p1, p2, alfa, beta, A, B, C } = await partnerListWorld(driver));
      D = await activeOrder(t, client, [beta]);
    });
    afterAll(async () => {
      await t?.close();
      if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
    });

    it('lists only the orders sent to the caller, as Partner-side rows, per tab with counts', async () => {
      expect(await counts(p1)).toEqual({ all: 3, new: 3, working: 0, deals: 0, results: 0 });
      expect(await counts(p2)).toEqual({ all: 3, new: 3, working: 0, deals: 0, results: 0 });
      expect(await ids(p1, { tab: 'new' })).toEqual([A, B, C]);
      expect(await ids(p2, {})).toEqual([A, B, D]);
      const page = (
        await p1.post(`${PORDER}/filter`, {
          tab: 'all',
          pageable: { page: 0, pageSize: 2, sortFields: [{ field: 'number', direction: 'ASC' }] },
        })
      ).json();
      expect(page).toMatchObject({ totalElements: 3, page: 0, pageSize: 2, last: false });
      expect(page.content.map((r: { orderId: number }) => r.orderId)).toEqual([A, B]);
      expect(page.content[0]).toEqual({
        orderId: A,
        number: A,
        created: expect.any(String),
        amount: '12500.00',
        currencyCode: 'USD',
        clientName: 'ООО «ВЭД Трейд»',
        clientInn: '7707393126',
        countryCode: 'CN',
        partnerSignRequired: false,
        paymentDateFrom: day(t, 5),
        paymentDateTo: day(t, 20),
        paymentType: 'SENDING',
        status: 'ALLOWED',
        statusLabel: 'Новая',
        tab: 'new',
        orderStatus: 'ACTIVE',
        // The caller's own side in full and the order fields of GET {id} (loaded for the whole page at once).
        partnerOrderId: expect.any(Number),
        statusDate: expect.any(String),
        offer: null,
        paycheck: null,
        rejectReason: null,
        clientId: expect.any(Number),
        countryName: 'Китай',
        city: expect.any(String),
        bankName: expect.any(String),
        swift: expect.anything(),
        tnvedCode: expect.any(String),
        tnvedName: expect.anything(),
        goodsLocation: expect.any(String),
        comment: expect.anything(),
        files: [],
        // The demo client is an ACTIVE client of the demo referral partner: he is the consultant (issue 11).
        consultant: { name: 'Орлов Дмитрий Андреевич', email: 'agent@example.com', phone: '9264445566' },
        orderStatusDate: expect.any(String),
      });
      const p2row = (await p2.post(`${PORDER}/filter`, { id: String(A) })).json().content[0];
      expect(p2row.partnerSignRequired).toBe(true);
    });

    it('filters by number (only when numeric), counterparty country and payment term overlap', async () => {
      expect(await ids(p1, { id: A })).toEqual([A]);
      expect(await ids(p1, { id: String(B) })).toEqual([B]);
      expect(await ids(p1, { id: 'abc' })).toEqual([A, B, C]);
      expect(await ids(p1, { id: D })).toEqual([]); // D was not sent to partner1
      expect(await ids(p1, { countryCode: 'tr' })).toEqual([C]);
      expect(await ids(p1, { countryCode: 'CN' })).toEqual([A, B]);
      // Terms: A, B [5, 20], C [30, 40].
      expect(await ids(p1, { paymentDateFrom: day(t, 21) })).toEqual([C]);
      expect(await ids(p1, { paymentDateTo: day(t, 20) })).toEqual([A, B]);
      expect(await ids(p1, { paymentDateFrom: day(t, 20), paymentDateTo: day(t, 30) })).toEqual([A, B, C]);
      expect(await ids(p1, { paymentDateFrom: day(t, 21), paymentDateTo: day(t, 29) })).toEqual([]);
      expect((await p1.post(`${PORDER}/filter/count`, { countryCode: 'TR', tab: 'new' })).json()).toEqual({ count: 1 });
      const bad = await p1.post(`${PORDER}/filter`, { paymentDateFrom: '2026-13-01' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ field: 'paymentDateFrom', code: 'DATE_FORMAT' });
    });

    it('takes an order into work (ALLOWED → IN_PROGRESS) and cannot take it twice', async () => {
      const res = await p1.post(`${PORDER}/${A}/take`);
      expect(res.statusCode).toBe(200);
      expect(res.json().partnerOrders).toEqual([
        expect.objectContaining({ partnerId: alfa, status: 'IN_PROGRESS', tab: 'working', offer: null }),
      ]);
      expect(res.json().actions).toEqual(expect.arrayContaining(['PARTNER_SEND_OFFER', 'PARTNER_REJECT']));
      expect(await offerStatus(t, A, beta)).toBe('ALLOWED');
      const again = await p1.post(`${PORDER}/${A}/take`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('INVALID_STATE');
      expect(await counts(p1)).toEqual({ all: 3, new: 2, working: 1, deals: 0, results: 0 });
    });

    it('refuses without a reason (400, nothing changed) and with a reason (REJECTED, results tab)', async () => {
      const before = await t.snapshot();
      for (const body of [{}, { reason: '   ' }, { reason: null }]) {
        const res = await p1.post(`${PORDER}/${B}/reject`, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: 'Укажите причину отказа',
          errors: [{ field: 'reason', code: 'REQUIRED' }],
        });
      }
      expect(await t.snapshot()).toEqual(before);
      const res = await p1.post(`${PORDER}/${B}/reject`, { reason: '  Не работаем с этим банком  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().partnerOrders[0]).toMatchObject({
        status: 'REJECTED',
        statusLabel: 'Отказ агента',
        tab: 'results',
        rejectReason: 'Не работаем с этим банком',
      });
      expect(res.json().status).toBe('ACTIVE');
      expect(await offerStatus(t, B, beta)).toBe('ALLOWED');
      expect(await counts(p1)).toEqual({ all: 3, new: 1, working: 1, deals: 0, results: 1 });
    });

    it('computes the commission on the server (calculate, without saving) with exact decimal strings', async () => {
      const before = await t.snapshot();
      const res = await p1.post(`${PBASE}/commission/calculate?orderId=${A}`, {
        clientFeePercent: '1.5',
        course: '92.5',
        additionalExpenses: [{ amount: '25', currency: 'usd', rate: '92.5', description: 'Банк' }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        currency: 'USD',
        amount: '12500.00',
        clientFeePercent: '1.5',
        agentFeePercent: '1.1',
        serviceFeePercent: '0.4',
        totalFee: '187.50',
        agentFee: '137.50',
        serviceFee: '50.00',
        rate: '92.5000',
        settlementCurrency: 'RUB',
        amountConverted: '1156250.00',
        totalFeeConverted: '17343.75',
        expenses: [{ amount: '25.00', currency: 'USD', rate: '92.5000', converted: '2312.50', description: 'Банк' }],
        expensesConverted: '2312.50',
        totalCommission: { amount: '19656.25', percent: '1.7' },
        totalToPay: '1175906.25',
      });
      // Default course: the agent's indicative rate of the order currency (92.5000 for partner1's USD).
      expect(
        (await p1.post(`${PBASE}/commission/calculate?orderId=${A}`, { clientFeePercent: '0.4' })).json(),
      ).toMatchObject({ agentFee: '0.00', serviceFee: '50.00', rate: '92.5000' });
      const below = await p1.post(`${PBASE}/commission/calculate?orderId=${A}`, { clientFeePercent: '0.3' });
      expect(below.statusCode).toBe(400);
      expect(below.json().errors).toEqual([
        expect.objectContaining({ field: 'clientFeePercent', code: 'FEE_BELOW_SERVICE' }),
      ]);
      const mismatch = await p1.post(`${PBASE}/commission/calculate?orderId=${A}`, {
        clientFeePercent: '1.5',
        serviceFeePercent: '0.5',
        agentFeePercent: '1.0',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)).toEqual([
        'serviceFeePercent:FEE_PERCENT_MISMATCH',
        'agentFeePercent:FEE_PERCENT_MISMATCH',
      ]);
      const float = await p1.post(`${PBASE}/commission/calculate?orderId=${A}`, { clientFeePercent: 1.5 });
      expect(float.statusCode).toBe(400);
      expect(await t.snapshot()).toEqual(before);
    });

    it('keeps a sample contract among the document examples and sends the offer (→ SEND_OFFER) with the breakdown stored', async () => {
      const up = await p1.upload(`${PORDER}/${A}/offer/docs-example`, 'Договор (образец).pdf', pdf(3000, 'sample'));
      expect(up.statusCode).toBe(201);
      const sample = up.json();
      expect(sample).toMatchObject({
        name: 'Договор (образец).pdf',
        size: 3000,
        contentType: 'application/pdf',
        status: 'UPLOADED',
      });
      expect((await p1.get(`${PORDER}/${A}/offer/docs-example`)).json()).toHaveLength(1);

      const before = await t.snapshot();
      const invalid = await p1.post(
        `${PORDER}/${A}/offer/send`,
        offerBody(d, {
          paymentDateFrom: day(t, -1),
          clientFeePercent: '0.1',
          exchangeRate: { course: '92.12345' },
          sampleContractFileId: '00000000-0000-4000-8000-000000000000',
        }),
      );
      expect(invalid.statusCode).toBe(400);
      expect(
        invalid
          .json()
          .errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)
          .sort(),
      ).toEqual([
        'clientFeePercent:FEE_BELOW_SERVICE',
        'exchangeRate.course:RATE_FORMAT',
        'paymentDateFrom:DATE_IN_PAST',
        'sampleContractFileId:FILE_NOT_FOUND',
      ]);
      expect(await t.snapshot()).toEqual(before);

      const res = await p1.post(
        `${PORDER}/${A}/offer/send`,
        offerBody(d, { sampleContractFileId: sample.fileId, agentFeePercent: '1.1' }),
      );
      expect(res.statusCode).toBe(200);
      const o = res.json();
      expect(o.partnerOrders[0]).toMatchObject({
        status: 'SEND_OFFER',
        tab: 'working',
        offer: {
          paymentFrom: day(t, 2),
          paymentTo: day(t, 10),
          transactionType: 'SWIFT',
          totalCommission: { amount: '19656.25', percent: '1.7' },
        },
      });
      expect(o.partnerOrders[0].offer).toMatchObject({
        dealMethod: 'PROTECTED',
        paymentSum: { cost: '12500.00', currency: 'USD' },
        clientFeePercent: '1.5',
        totalFee: '187.50',
        agentFee: '137.50',
        serviceFee: '50.00',
        additionalExpenses: [
          { amount: '25.00', currency: 'USD', rate: '92.5000', description: 'Комиссия банка-корреспондента' },
        ],
        exchangeRateInfo: {
          currencyCode: 'USD',
          course: '92.5000',
          source: 'ЦБ РФ',
          courseDeterminationRules: expect.stringContaining('ЦБ РФ'),
        },
        sampleContractFileId: sample.fileId,
      });
      const commission = (await p1.get(`${PORDER}/${A}/offer/commission`)).json();
      expect(commission).toMatchObject({
        serviceFeePercent: '0.4',
        indicativeRate: '92.5000',
        breakdown: { totalToPay: '1175906.25', agentFeePercent: '1.1' },
      });
      // The examples are frozen once the offer is sent.
      expect((await p1.upload(`${PORDER}/${A}/offer/docs-example`, 'other.pdf', pdf(100, 'o'))).statusCode).toBe(409);
      expect((await p1.post(`${PORDER}/${A}/offer/send`, offerBody(d))).statusCode).toBe(409);
    });

    it('after the client accepts: the other agent sees SIGNED_ANOTHER_OFFER without details; offer documents rules', async () => {
      await p2.post(`${PORDER}/${A}/take`);
      await clientAction(t, 'CLIENT_ACCEPT_OFFER', A, alfa);
      const other = (await p2.get(`${PORDER}/${A}`)).json();
      expect(other.partnerOrders).toEqual([
        expect.objectContaining({ partnerId: beta, status: 'SIGNED_ANOTHER_OFFER', tab: 'results', offer: null }),
      ]);
      expect((await counts(p1)).deals).toBe(1);

      const docs = `${PORDER}/${A}/offer/docs`;
      const before = await t.snapshot();
      const empty = await p1.post(`${docs}/send`);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Загрузите хотя бы 1 файл');
      expect(await t.snapshot()).toEqual(before);

      const contract = await p1.upload(docs, 'Договор №7.pdf', pdf(5000, 'contract'));
      expect(contract.statusCode).toBe(201);
      const dup = await p1.upload(docs, 'договор №7.PDF', pdf(10, 'other'));
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Файл с именем договор №7.PDF уже загружен',
        errors: [{ field: 'file', code: 'FILE_DUPLICATE' }],
      });
      const wrongType = await p1.upload(docs, 'act.pdf', exe());
      expect(wrongType.statusCode).toBe(415);
      expect(wrongType.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: 'Недопустимый тип файла' });
      const big = await p1.upload(docs, 'big.pdf', pdf(50 * 1024 * 1024 + 1, 'big'));
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Превышен размер файла' });
      const scan = await p1.upload(docs, 'scan.png', PNG);
      expect(scan.statusCode).toBe(201);
      expect(scan.json().contentType).toBe('image/png');
      expect((await p1.delete(`${docs}/${scan.json().id}`)).statusCode).toBe(204);
      expect((await p1.get(`${docs}/${scan.json().id}`)).statusCode).toBe(404);
      expect((await p1.get(docs)).json().map((x: { name: string }) => x.name)).toEqual(['Договор №7.pdf']);

      const download = await p1.get(`${docs}/${contract.json().id}/content`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.rawPayload.equals(pdf(5000, 'contract'))).toBe(true);

      // partner1 needs no electronic signature: /sign records its confirmation.
      const signed = await p1.post(`${docs}/sign`);
      expect(signed.statusCode).toBe(200);
      expect(signed.json()[0]).toMatchObject({
        status: 'SIGNED',
        agentSignature: { signer: 'Морозов Павел Алексеевич', documentHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      });

      const sent = await p1.post(`${docs}/send`);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().partnerOrders[0].status).toBe('SEND_OFFER_DOCS');
      expect((await p1.get(docs)).json()[0].status).toBe('SENT');
      expect((await p1.upload(docs, 'late.pdf', pdf(100, 'late'))).statusCode).toBe(409);
      expect((await p1.delete(`${docs}/${contract.json().id}`)).statusCode).toBe(409);
    });

    it('issues and reissues the bill (the previous one ARCHIVED) with the amount computed by the server; converts amounts', async () => {
      await clientAction(t, 'CLIENT_CONFIRM_OFFER_DOCS', A, alfa);
      const companies = (await p1.get(`${PBASE}/payment-companies`)).json();
      expect(companies).toHaveLength(1);
      expect(companies[0]).toMatchObject({
        name: 'ООО «Альфа Платежи»',
        actualAddressSameAsLegal: true,
        actualAddress: companies[0].legalAddress,
      });
      expect(companies[0].requisites.map((r: { currencyCode: string }) => r.currencyCode)).toEqual(['RUB', 'USD']);
      const company = await p1.get(`${PORDER}/${A}/offer/pay-checks/payment-company/${companies[0].id}`);
      expect(company.json()).toEqual(companies[0]);
      const betaCompanies = (await p2.get(`${PBASE}/payment-companies`)).json();
      expect((await p1.get(`${PORDER}/${A}/offer/pay-checks/payment-company/${betaCompanies[0].id}`)).statusCode).toBe(
        404,
      );
      const foreign = await p1.post(`${PORDER}/${A}/offer/pay-checks/active/confirm`, {
        paymentCompanyId: betaCompanies[0].id,
      });
      expect(foreign.statusCode).toBe(400);

      expect((await p1.get(`${PORDER}/${A}/offer/pay-checks/active`)).json()).toEqual({ active: null, history: [] });
      const issued = await p1.post(`${PORDER}/${A}/offer/pay-checks/active/confirm`, {
        paymentCompanyId: companies[0].id,
      });
      expect(issued.statusCode).toBe(200);
      expect(issued.json().partnerOrders[0]).toMatchObject({
        status: 'SEND_PAYCHECK',
        paycheck: { convertedCommissionAmount: '19656.25', commission: '187.50' },
      });
      const first = (await p1.get(`${PORDER}/${A}/offer/pay-checks/active`)).json().active;
      expect(first).toMatchObject({
        status: 'ACTIVE',
        amount: '1175906.25',
        currency: 'RUB',
        convertedCommissionAmount: '19656.25',
        commission: '187.50',
        paymentCompanyId: companies[0].id,
      });

      const again = await p1.post(`${PORDER}/${A}/offer/pay-checks/active/confirm`, {
        paymentCompanyId: companies[0].id,
      });
      expect(again.statusCode).toBe(200);
      const bills = (await p1.get(`${PORDER}/${A}/offer/pay-checks/active`)).json();
      expect(bills.active.id).not.toBe(first.id);
      expect(bills.active.status).toBe('ACTIVE');
      expect(bills.history.map((b: { id: number; status: string }) => [b.id, b.status])).toEqual([
        [bills.active.id, 'ACTIVE'],
        [first.id, 'ARCHIVED'],
      ]);

      const conv = await p1.post(`${PORDER}/${A}/offer/pay-checks/amount-convert`, {
        amount: { cost: '100', currency: 'USD' },
        targetCurrency: 'RUB',
      });
      expect(conv.json()).toEqual({
        amount: { cost: '100.00', currency: 'USD' },
        converted: { cost: '9250.00', currency: 'RUB' },
        rate: '92.5000',
      });
      const back = await p1.post(`${PORDER}/${A}/offer/pay-checks/amount-convert`, {
        amount: { cost: '1000.00', currency: 'RUB' },
        targetCurrency: 'usd',
      });
      expect(back.json()).toEqual({
        amount: { cost: '1000.00', currency: 'RUB' },
        converted: { cost: '10.81', currency: 'USD' },
        rate: '0.0108',
      });
      const unknown = await p1.post(`${PORDER}/${A}/offer/pay-checks/amount-convert`, {
        amount: { cost: '1', currency: 'EUR' },
        targetCurrency: 'RUB',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0]).toMatchObject({ field: 'amount.currency', code: 'CURRENCY_NOT_IN_OFFER' });
    });

    it('confirms receipt of the payment (→ EXECUTING, bill PAYMENT_CONFIRMED) and sends the closing documents (→ SEND_EXECUTING_DOCS)', async () => {
      expect((await p1.post(`${PORDER}/${A}/payment/confirm`)).statusCode).toBe(409); // the client has not paid yet
      await clientAction(t, 'CLIENT_MARK_PAID', A, alfa);
      const res = await p1.post(`${PORDER}/${A}/payment/confirm`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'EXECUTING', partnerOrders: [{ status: 'EXECUTING', tab: 'deals' }] });
      expect((await p1.get(`${PORDER}/${A}/offer/pay-checks/active`)).json().active.status).toBe('PAYMENT_CONFIRMED');

      const fin = `${PORDER}/${A}/offer/final-docs`;
      expect((await p1.post(`${fin}/send`)).statusCode).toBe(400);
      const act = await p1.upload(fin, 'Акт.pdf', pdf(700, 'act'));
      expect(act.statusCode).toBe(201);
      expect((await p1.upload(fin, 'акт.pdf', pdf(70, 'act2'))).statusCode).toBe(400);
      const confirmed = await p1.post(`${fin}/confirm`);
      expect(confirmed.json()[0].status).toBe('SIGNED');
      const sent = await p1.post(`${fin}/send`);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().partnerOrders[0]).toMatchObject({
        status: 'SEND_EXECUTING_DOCS',
        statusLabel: 'Требует подтверждения',
      });
      expect((await p1.get(fin)).json()[0].status).toBe('SENT');
      // The offer documents stay where they were.
      expect((await p1.get(`${PORDER}/${A}/offer/docs`)).json()).toHaveLength(1);
    });

    it('an agent that signs with a qualified signature gets 409 SIGNATURE_REQUIRED on /sign and /send until each document is signed (issue 8: backend/test/deal-signing.test.ts)', async () => {
      await p2.post(`${PORDER}/${D}/take`);
      const offer = await p2.post(
        `${PORDER}/${D}/offer/send`,
        offerBody(d, { clientFeePercent: '1', exchangeRate: { course: '92.4' }, additionalExpenses: [] }),
      );
      expect(offer.statusCode).toBe(200);
      expect(offer.json().partnerOrders[0].offer).toMatchObject({
        clientFeePercent: '1',
        agentFeePercent: '0.5',
        serviceFeePercent: '0.5',
        serviceFee: '62.50',
        agentFee: '62.50',
        totalFee: '125.00',
      });
      expect((await p2.get(`${PORDER}/${D}/offer/commission`)).json().breakdown).toMatchObject({
        serviceFeePercent: '0.5',
        agentFeePercent: '0.5',
      });
      await clientAction(t, 'CLIENT_ACCEPT_OFFER', D, beta);
      const docs = `${PORDER}/${D}/offer/docs`;
      expect((await p2.upload(docs, 'Договор.pdf', pdf(100, 'x'))).statusCode).toBe(201);
      const before = await t.snapshot();
      const sign = await p2.post(`${docs}/sign`);
      expect(sign.statusCode).toBe(409);
      expect(sign.json()).toMatchObject({
        code: 'SIGNATURE_REQUIRED',
        message: 'Подпишите документы квалифицированной электронной подписью',
      });
      expect(await t.snapshot()).toEqual(before);
      expect((await p2.post(`${docs}/confirm`)).statusCode).toBe(200);
      const send = await p2.post(`${docs}/send`);
      expect(send.statusCode).toBe(409);
      expect(send.json().code).toBe('SIGNATURE_REQUIRED');
    });

    it('shows the currency settings and limits of the caller only', async () => {
      const all = (await p1.get(`${PBASE}/settings/currencies`)).json();
      expect(all.map((c: { currencyCode: string }) => c.currencyCode)).toEqual(['CNY', 'EUR', 'USD']);
      const usd = await p1.get(`${PBASE}/settings/currency?code=usd`);
      expect(usd.json()).toMatchObject({
        currencyCode: 'USD',
        rateSource: 'ЦБ РФ',
        rateTime: 'на 12:00 МСК дня оплаты',
        indicativeRate: '92.5000',
        limit: { amountFrom: '1000.00', amountTo: '1000000.00' },
      });
      expect((await p1.get(`${PBASE}/settings/currency?code=AED`)).statusCode).toBe(404);
      expect((await p2.get(`${PBASE}/settings/currency?code=AED`)).json().rateRules).toBe('Кросс-курс ЦБ РФ через USD');
    });
    it('of two concurrent takes exactly one wins; of two concurrent uploads with one name exactly one is kept', async () => {
      const takes = await Promise.all([p1.post(`${PORDER}/${C}/take`), p1.post(`${PORDER}/${C}/take`)]);
      expect(takes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const history = await t.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, C), eq(orderStatusHistory.toStatus, 'IN_PROGRESS')));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ entity: 'OFFER', fromStatus: 'ALLOWED', actorRole: 'PARTNER' });
      const ups = await Promise.all([
        p1.upload(`${PORDER}/${C}/offer/docs-example`, 'Образец.pdf', pdf(400, 'one')),
        p1.upload(`${PORDER}/${C}/offer/docs-example`, 'образец.pdf', pdf(400, 'two')),
      ]);
      expect(ups.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect((await p1.get(`${PORDER}/${C}/offer/docs-example`)).json()).toHaveLength(1);
    });

    it("downloads the client's files of a request sent to the caller only", async () => {
      const invoice = await uploaded(client, 'Инвойс.pdf', pdf(1234, 'invoice'));
      const o = await activeOrder(t, client, [alfa], { fileIds: [invoice] });
      const detail = (await p1.get(`${PORDER}/${o}`)).json();
      expect(detail.files).toEqual([{ id: invoice, name: 'Инвойс.pdf', size: 1234, contentType: 'application/pdf' }]);
      const res = await p1.get(`${PORDER}/${o}/files/${invoice}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf(1234, 'invoice'))).toBe(true);
      expect((await p2.get(`${PORDER}/${o}/files/${invoice}`)).statusCode).toBe(404);
      expect((await p1.get(`${PORDER}/${A}/files/${invoice}`)).statusCode).toBe(404);
    });

    it('documents every partner route in OpenAPI with tag, summary citing the spec, and error answers', async () => {
      const doc = (await t.client().get('/api/docs/json')).json();
      const ops = Object.entries(
        doc.paths as Record<
          string,
          Record<string, { tags: string[]; summary: string; description: string; responses: Record<string, unknown> }>
        >,
      )
        .filter(([path]) => path.startsWith('/api/secured/partner/'))
        .flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => ({ path, m, op })));
      // 38 + GET order/exch/{id}/history + POST offer/{docs,final-docs}/{docId}/sign (issue 8) + GET order/exch/batch (issue 14)
      // + POST order/exch/tab-counts (issue 15)
      expect(ops.length).toBe(43);
      for (const { path, m, op } of ops) {
        expect({ path, m, tags: op.tags }).toEqual({ path, m, tags: ['partner'] });
        expect(op.summary).toMatch(/spec core §\d|design/);
        expect(op.description).toMatch(/Errors:/);
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403']));
      }
    });
  });
}
