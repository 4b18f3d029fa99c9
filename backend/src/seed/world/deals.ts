/**
 * The demo client's requests (README "Set-up"; spec core §1 deal flow, §4 statuses): ООО «ВЭД Трейд»
 * (client@example.com) pays suppliers in China, Turkey, the UAE and India through the two demo payment agents. Each
 * request is driven through the real REST routes by the role that owns each step — the client creates it with its
 * invoice and contract, the operator takes, comments, sends it to the agents, rejects or confirms a payment, the
 * agents take it, send offers with the server-computed commission, refuse, upload and send documents, issue the bill
 * and confirm the payment — at moments spread over the last four weeks, so that together the requests cover every
 * order status and every client display status of spec core §4 (backend/test/seed-world.test.ts checks it against
 * @platform/domain/deal). One more request is created by the referral partner acting for the client (re-login).
 *
 * Бета Трансфер (partner2) signs its documents with a qualified electronic signature: with the demo CA available
 * (signing.ts) one of its deals reaches "Требует подписания"; without it that request is left out (README "Set-up").
 */
import type { WorldContext, WorldRole } from './context.js';
import { demoPdf } from './files.js';

const CLIENT = '/api/secured/client/order/exch';
const OPER = '/api/secured/oper/order/exch';
const PARTNER = '/api/secured/partner/order/exch';

/** A document to generate: its file name and its text. */
interface DocPlan {
  name: string;
  title: string;
  lines: string[];
}

/** A request of the client (spec core §3 "Request (order)"); money as decimal strings with ISO 4217 codes. */
interface DealPlan {
  created: Date;
  amount: string;
  currency: string;
  counterparty: { countryCode: string; city: string; bankName: string; swift: string };
  supplier: string;
  contract: string;
  tnved: string;
  goods: string;
  imported?: boolean;
  /** The payment term: days after the creation day. */
  term: [number, number];
  /** Attach the invoice and the contract as files. */
  withFiles?: boolean;
}

/** Counts of what the deals produced (for the log line). */
export interface DealCounts {
  orders: number;
  offers: number;
  documents: number;
  /** Documents signed with a qualified electronic signature (signing.ts). */
  signatures: number;
}

/** Makes a CAdES-BES detached signature of partner2 over the bytes (signing.ts demoSigner). */
export type Sign = (content: Buffer) => Buffer;

/**
 * Partner1's payment company that receives the client payments (its first one), read once per world: keyed by the
 * world's context, not a module-level value, so a second world seeded in the same process (another database: tests
 * run files in one worker without module isolation) never reuses the first one's id.
 */
const paymentCompanyIds = new WeakMap<WorldContext, number>();

/** One request on the timeline: its id once created, and helpers that schedule the steps of each role. */
export class Deal {
  id = 0;
  /** The partner order (offer) ids of the agents that sent an offer, from their offer/send answers. */
  private readonly offerIds: Partial<Record<'p1' | 'p2', number>> = {};
  constructor(
    private readonly w: WorldContext,
    readonly plan: DealPlan,
    private readonly counts: DealCounts,
  ) {}

  private at(when: Date, run: () => Promise<void>): this {
    this.w.timeline.add(when, run);
    return this;
  }

  private doc(d: DocPlan, when: Date): Promise<Buffer> {
    return demoPdf(d.title, d.lines, when);
  }

  /** The client (or the referral partner acting as the client: `as` 'agent' after a re-login) creates the request. */
  create(as: WorldRole = 'client'): this {
    const p = this.plan;
    return this.at(p.created, async () => {
      const c = await this.w.as(as);
      const fileIds: string[] = [];
      if (p.withFiles) {
        for (const d of this.clientFiles()) {
          const up = await c.upload<{ id: string }>(
            `${CLIENT}/files`,
            d.name,
            await this.doc(d, p.created),
            'application/pdf',
          );
          fileIds.push(up.id);
        }
      }
      const t = this.w.time;
      const order = await c.post<{ id: number }>(CLIENT, {
        paymentType: 'SENDING',
        amount: { cost: p.amount, currency: p.currency },
        counterparty: p.counterparty,
        tnvedCode: p.tnved,
        goodsLocation: p.imported ? 'IMPORTED' : 'NOT_IMPORTED',
        paymentDateFrom: t.day(p.created, p.term[0]),
        paymentDateTo: t.day(p.created, p.term[1]),
        comment: `Оплата по контракту ${p.contract} с ${p.supplier}: ${p.goods}`,
        fileIds,
      });
      this.id = order.id;
      this.counts.orders++;
      this.counts.documents += fileIds.length;
    });
  }

  private clientFiles(): DocPlan[] {
    const p = this.plan;
    const sum = `${p.amount} ${p.currency}`;
    const file = p.contract.replace(/\//g, '-');
    return [
      {
        name: `Инвойс ${file}.pdf`,
        title: `Инвойс к контракту ${p.contract}`,
        lines: [
          `Продавец: ${p.supplier}`,
          'Покупатель: ООО «ВЭД Трейд», ИНН 7707393126',
          `Товар: ${p.goods}`,
          `Сумма: ${sum}`,
        ],
      },
      {
        name: `Контракт ${file}.pdf`,
        title: `Внешнеторговый контракт ${p.contract}`,
        lines: [
          `Стороны: ООО «ВЭД Трейд» (Россия) и ${p.supplier}`,
          `Предмет: поставка — ${p.goods}; код ТН ВЭД ${p.tnved}`,
          `Цена контракта: ${sum}; оплата банковским переводом на счёт продавца`,
          `Банк продавца: ${p.counterparty.bankName}, SWIFT ${p.counterparty.swift}`,
        ],
      },
    ];
  }

  /** An operator call on the request: 'take', 'comment', 'reject', 'close', 'pay-checks/confirm'. */
  oper(when: Date, action: string, body: Record<string, unknown> = {}): this {
    return this.at(when, async () => {
      await (await this.w.as('oper')).post(`${OPER}/${this.id}/${action}`, body);
    });
  }

  /** The operator takes the request and sends it to `to` (both agents by default). */
  send(when: Date, to: ('p1' | 'p2')[] = ['p1', 'p2'], comment?: string): this {
    return this.at(when, async () => {
      const partnerIds = to.map((p) => (p === 'p1' ? this.w.p1Id : this.w.p2Id));
      await (await this.w.as('oper')).post(`${OPER}/${this.id}/partners/send`, { partnerIds, comment });
    });
  }

  /** A payment agent's call on the request (`path` under its order/exch/{id}). */
  partner(when: Date, who: 'p1' | 'p2', path: string, body: Record<string, unknown> = {}): this {
    return this.at(when, async () => {
      await (await this.w.as(who)).post(`${PARTNER}/${this.id}/${path}`, body);
    });
  }

  /** The agent takes the request and sends its offer (spec core §3 "Offer"; the commission is the server's). */
  offer(when: Date, who: 'p1' | 'p2', o: { fee: string; course: string; method?: 'PROTECTED' | 'UNPROTECTED' }): this {
    this.partner(when, who, 'take');
    return this.at(this.w.time.after(when, 40), async () => {
      const t = this.w.time;
      const now = this.w.app.clock.now();
      const usd = this.plan.currency === 'USD';
      const c = await this.w.as(who);
      const sent = await c.post<{ partnerOrders: { id: number }[] }>(`${PARTNER}/${this.id}/offer/send`, {
        dealMethod: o.method ?? 'PROTECTED',
        paymentDateFrom: t.day(now, 1),
        paymentDateTo: t.day(now, 12),
        clientFeePercent: o.fee,
        additionalExpenses: usd
          ? [{ amount: '25', currency: 'USD', rate: o.course, description: 'Комиссия банка-корреспондента' }]
          : [],
        exchangeRate: {
          course: o.course,
          source: who === 'p1' ? 'ЦБ РФ' : 'Московская биржа',
          courseDeterminationRules: 'Курс на дату оплаты, фиксируется в поручении',
        },
        transactionType: 'SWIFT',
      });
      this.offerIds[who] = sent.partnerOrders[0].id;
      this.counts.offers++;
    });
  }

  /** The agent refuses the request with a reason (spec core §4 REJECTED, §5 reason required). */
  refuse(when: Date, who: 'p1' | 'p2', reason: string): this {
    this.partner(when, who, 'take');
    return this.partner(this.w.time.after(when, 25), who, 'reject', { reason });
  }

  /** The client accepts the offer of `who` (spec core §4 step 4). */
  accept(when: Date, who: 'p1' | 'p2', comment?: string): this {
    return this.at(when, async () => {
      const c = await this.w.as('client');
      await c.post(`${CLIENT}/${this.id}/offers/${this.offerIds[who]}/accept`, comment ? { comment } : {});
    });
  }

  /** A client step on the accepted offer: 'offer/docs/confirm', 'payment/made', 'offer/final-docs/confirm'. */
  client(when: Date, path: string, comment?: string): this {
    return this.at(when, async () => {
      await (await this.w.as('client')).post(`${CLIENT}/${this.id}/${path}`, comment ? { comment } : {});
    });
  }

  /** The client cancels the request (spec core §4 exits). */
  cancel(when: Date): this {
    return this.at(when, async () => {
      await (await this.w.as('client')).call('DELETE', `${CLIENT}/${this.id}`);
    });
  }

  /** The agent uploads documents of `kind` ('docs' offer documents, 'final-docs' closing documents). */
  upload(when: Date, who: 'p1' | 'p2', kind: 'docs' | 'final-docs', docs: DocPlan[]): this {
    return this.at(when, async () => {
      const c = await this.w.as(who);
      for (const d of docs) {
        await c.upload(`${PARTNER}/${this.id}/offer/${kind}`, d.name, await this.doc(d, when), 'application/pdf');
        this.counts.documents++;
      }
    });
  }

  /**
   * Partner2 uploads its offer document, signs it with its qualified electronic signature (POST
   * offer/docs/{docId}/sign, spec core §4 step 5) and sends it: the client then reads 'Требует подписания'.
   */
  signedDocs(when: Date, doc: DocPlan, sign: Sign): this {
    return this.at(when, async () => {
      const c = await this.w.as('p2');
      const bytes = await this.doc(doc, when);
      const up = await c.upload<{ id: number }>(`${PARTNER}/${this.id}/offer/docs`, doc.name, bytes, 'application/pdf');
      this.counts.documents++;
      await c.post(`${PARTNER}/${this.id}/offer/docs/${up.id}/sign`, { signature: sign(bytes).toString('base64') });
      this.counts.signatures++;
      await c.post(`${PARTNER}/${this.id}/offer/docs/send`);
    });
  }

  /** Partner1 (no qualified signature in its profile) confirms and sends the documents of `kind`. */
  confirmAndSend(when: Date, kind: 'docs' | 'final-docs'): this {
    this.partner(when, 'p1', `offer/${kind}/${kind === 'docs' ? 'sign' : 'confirm'}`);
    return this.partner(this.w.time.after(when, 5), 'p1', `offer/${kind}/send`);
  }

  /** Partner1 issues the bill to its first payment company (spec core §4 step 6). */
  bill(when: Date): this {
    return this.at(when, async () => {
      const c = await this.w.as('p1');
      let paymentCompanyId = paymentCompanyIds.get(this.w);
      if (paymentCompanyId === undefined) {
        paymentCompanyId = (await c.get<{ id: number }[]>('/api/secured/partner/payment-companies'))[0].id;
        paymentCompanyIds.set(this.w, paymentCompanyId);
      }
      await c.post(`${PARTNER}/${this.id}/offer/pay-checks/active/confirm`, { paymentCompanyId });
    });
  }

  /** The offer documents partner1 sends for a deal. */
  offerDocs(n: string): DocPlan[] {
    const p = this.plan;
    return [
      {
        name: `Агентский договор № АП-${n}.pdf`,
        title: `Агентский договор № АП-${n}`,
        lines: [
          'Агент: ООО «Альфа Платежи», ИНН 7725282965',
          'Принципал: ООО «ВЭД Трейд», ИНН 7707393126',
          `Поручение: перевод ${p.amount} ${p.currency} в пользу ${p.supplier} по контракту ${p.contract}`,
          `Банк получателя: ${p.counterparty.bankName}, SWIFT ${p.counterparty.swift}`,
          `Назначение платежа: ${p.goods}`,
        ],
      },
    ];
  }

  /** The closing documents partner1 sends after the transfer. */
  finalDocs(n: string): DocPlan[] {
    const p = this.plan;
    return [
      {
        name: `Отчёт агента № ${n}.pdf`,
        title: `Отчёт агента № ${n}`,
        lines: [
          `Перевод ${p.amount} ${p.currency} в пользу ${p.supplier} исполнен`,
          `Банк получателя: ${p.counterparty.bankName} (${p.counterparty.swift}); подтверждение MT103 приложено`,
          'Вознаграждение агента удержано',
        ],
      },
    ];
  }
}

/** Counterparty banks from the demo SWIFT directory (backend/reference-demo/swift-codes). */
const BANKS = {
  bocBeijing: { countryCode: 'CN', city: 'Beijing', bankName: 'BANK OF CHINA', swift: 'BKCHCNBJ' },
  anzShanghai: {
    countryCode: 'CN',
    city: 'Shanghai',
    bankName: 'AUSTRALIA AND NEW ZEALAND BANKING GROUP (CHINA)',
    swift: 'ANZBCNSH',
  },
  akbank: { countryCode: 'TR', city: 'Istanbul', bankName: 'AKBANK T.A.S.', swift: 'AKBKTRIS' },
  adabank: { countryCode: 'TR', city: 'Istanbul', bankName: 'ADABANK A.S.', swift: 'ADABTRIS' },
  adcb: { countryCode: 'AE', city: 'Abu Dhabi', bankName: 'ABU DHABI COMMERCIAL BANK', swift: 'ADCBAEAA' },
  adib: { countryCode: 'AE', city: 'Abu Dhabi', bankName: 'ABU DHABI ISLAMIC BANK', swift: 'ABDIAEAD' },
  allahabad: { countryCode: 'IN', city: 'Mumbai', bankName: 'ALLAHABAD BANK', swift: 'ALLAINBB' },
  adcbMumbai: { countryCode: 'IN', city: 'Mumbai', bankName: 'ABU DHABI COMMERCIAL BANK', swift: 'ADCBINBB' },
} as const;

/** The named requests of the world (the chats refer to some of them). */
export interface WorldDeals {
  executedLaptops: Deal;
  executingParts: Deal;
  paymentChecking: Deal;
  hasOffers: Deal;
  waitingOffers: Deal;
  inValidation: Deal;
  offerAccepted: Deal;
  all: Deal[];
}

/** Schedules every request of the world on the timeline (module header). */
export function scheduleDeals(w: WorldContext, counts: DealCounts, sign: Sign | null): WorldDeals {
  const t = w.time;
  const all: Deal[] = [];
  const deal = (plan: DealPlan) => {
    const d = new Deal(w, plan, counts);
    all.push(d);
    return d;
  };

  // 1. EXECUTED: laptops from Shenzhen; partner1 wins, partner2's offer becomes "another offer accepted".
  let c = t.ago(27, 6);
  const executedLaptops = deal({
    created: c,
    amount: '48750.00',
    currency: 'USD',
    counterparty: BANKS.bocBeijing,
    supplier: 'Shenzhen Hongda Electronics Co., Ltd.',
    contract: '№ SZ-2026/031',
    tnved: '8471300000',
    goods: 'ноутбуки, 150 шт.',
    term: [3, 20],
    withFiles: true,
  })
    .create()
    .oper(t.after(c, 35), 'take', { comment: 'Проверяю контракт и инвойс' })
    .send(t.after(c, 70))
    .offer(t.after(c, 150), 'p1', { fee: '1.2', course: '92.45' })
    .offer(t.after(c, 240), 'p2', { fee: '1.1', course: '92.60' })
    .accept(t.ago(26, 2), 'p1', 'Принимаем предложение Альфа Платежи');
  executedLaptops
    .upload(t.ago(26, 1), 'p1', 'docs', executedLaptops.offerDocs('031'))
    .confirmAndSend(t.ago(26, 0, 50), 'docs')
    .client(t.ago(25, 5), 'offer/docs/confirm')
    .bill(t.ago(25, 4))
    .client(t.ago(24, 7), 'payment/made', 'Платёжное поручение № 418 от сегодняшнего дня')
    .oper(t.ago(24, 5), 'comment', { comment: 'Оплата поступила на счёт агента, ждём исполнения' })
    .partner(t.ago(24, 3), 'p1', 'payment/confirm')
    .upload(t.ago(21, 6), 'p1', 'final-docs', executedLaptops.finalDocs('031'))
    .confirmAndSend(t.ago(21, 5, 50), 'final-docs')
    .client(t.ago(20, 4), 'offer/final-docs/confirm', 'Документы получены, спасибо');

  // 2. EXECUTED: smartphones paid in yuan; partner2 refuses.
  c = t.ago(22, 4);
  const executedPhones = deal({
    created: c,
    amount: '1250000.00',
    currency: 'CNY',
    counterparty: BANKS.anzShanghai,
    supplier: 'Guangzhou Lianxin Trading Co., Ltd.',
    contract: '№ GZ-118/26',
    tnved: '8517130000',
    goods: 'смартфоны, 900 шт.',
    term: [2, 15],
  })
    .create()
    .oper(t.after(c, 20), 'take')
    .send(t.after(c, 45))
    .refuse(t.after(c, 120), 'p2', 'Лимит по юаням на этой неделе исчерпан')
    .offer(t.after(c, 180), 'p1', { fee: '1.5', course: '12.74' })
    .accept(t.ago(21, 22), 'p1');
  executedPhones
    .upload(t.ago(21, 20), 'p1', 'docs', executedPhones.offerDocs('118'))
    .confirmAndSend(t.ago(21, 19, 50), 'docs')
    .client(t.ago(21, 3), 'offer/docs/confirm')
    .bill(t.ago(21, 2))
    .client(t.ago(20, 6), 'payment/made')
    .oper(t.ago(20, 3), 'pay-checks/confirm', { comment: 'Платёж подтверждён по выписке агента' })
    .upload(t.ago(15, 6), 'p1', 'final-docs', executedPhones.finalDocs('118'))
    .confirmAndSend(t.ago(15, 5, 50), 'final-docs')
    .client(t.ago(14, 7), 'offer/final-docs/confirm');

  // 3. REJECTED by the service.
  c = t.ago(18, 5);
  deal({
    created: c,
    amount: '4200.00',
    currency: 'USD',
    counterparty: BANKS.bocBeijing,
    supplier: 'Ningbo Seaside Import & Export Co., Ltd.',
    contract: '№ NB-07',
    tnved: '0101210000',
    goods: 'комплектующие для кондиционеров',
    term: [3, 10],
  })
    .create()
    .oper(t.after(c, 50), 'take')
    .oper(t.after(c, 80), 'reject', {
      comment:
        'Код ТН ВЭД 0101210000 (живые лошади) не соответствует товару из контракта. Создайте заявку заново с кодом 8415.',
    });

  // 4. CANCELED by the client after both offers came (the agents see "client refusal").
  c = t.ago(13, 6);
  deal({
    created: c,
    amount: '27000.00',
    currency: 'USD',
    counterparty: BANKS.adabank,
    supplier: 'Ege Tekstil Sanayi A.S.',
    contract: '№ TR-2026/05',
    tnved: '8708109009',
    goods: 'бамперы и детали кузова',
    term: [3, 25],
  })
    .create()
    .oper(t.after(c, 30), 'take')
    .send(t.after(c, 60))
    .offer(t.after(c, 140), 'p1', { fee: '1.4', course: '92.30' })
    .offer(t.after(c, 200), 'p2', { fee: '1.3', course: '92.40' })
    .cancel(t.ago(12, 3));

  // 5. EXECUTING, closing documents sent: the client must confirm them ("Требует подтверждения").
  c = t.ago(12, 5);
  const toConfirm = deal({
    created: c,
    amount: '23400.00',
    currency: 'USD',
    counterparty: BANKS.akbank,
    supplier: 'Anadolu Klima Sistemleri Ltd. Sti.',
    contract: '№ AK-14/2026',
    tnved: '8415101000',
    goods: 'сплит-системы настенные, 60 шт.',
    term: [2, 30],
  })
    .create()
    .oper(t.after(c, 25), 'take')
    .send(t.after(c, 50))
    .offer(t.after(c, 120), 'p1', { fee: '1.3', course: '92.50' })
    .offer(t.after(c, 170), 'p2', { fee: '1.25', course: '92.55' })
    .accept(t.ago(11, 3), 'p1');
  toConfirm
    .upload(t.ago(11, 2), 'p1', 'docs', toConfirm.offerDocs('214'))
    .confirmAndSend(t.ago(11, 1, 50), 'docs')
    .client(t.ago(10, 6), 'offer/docs/confirm')
    .bill(t.ago(10, 5))
    .client(t.ago(9, 4), 'payment/made')
    .partner(t.ago(8, 6), 'p1', 'payment/confirm')
    .upload(t.ago(0, 5), 'p1', 'final-docs', toConfirm.finalDocs('214'))
    .confirmAndSend(t.ago(0, 4, 50), 'final-docs');

  // 6. EXECUTING: the transfer is under way.
  c = t.ago(9, 3);
  const executingParts = deal({
    created: c,
    amount: '67200.00',
    currency: 'USD',
    counterparty: BANKS.adcb,
    supplier: 'Gulf Auto Parts Trading LLC',
    contract: '№ GAP-2026-044',
    tnved: '8708219001',
    goods: 'ремни безопасности и комплектующие',
    term: [2, 30],
  })
    .create()
    .oper(t.after(c, 15), 'take')
    .send(t.after(c, 40))
    .offer(t.after(c, 100), 'p1', { fee: '1.2', course: '92.40' })
    .accept(t.ago(8, 4), 'p1');
  executingParts
    .upload(t.ago(8, 3), 'p1', 'docs', executingParts.offerDocs('044'))
    .confirmAndSend(t.ago(8, 2, 50), 'docs')
    .client(t.ago(7, 6), 'offer/docs/confirm')
    .bill(t.ago(7, 5))
    .client(t.ago(6, 3), 'payment/made')
    .oper(t.ago(2, 5), 'pay-checks/confirm', { comment: 'Оплата подтверждена, агент исполняет перевод' });

  // 7. PAYMENT_CHECKING: the client marked the payment made.
  c = t.ago(7, 2);
  const paymentChecking = deal({
    created: c,
    amount: '860000.00',
    currency: 'CNY',
    counterparty: BANKS.bocBeijing,
    supplier: 'Xiamen Brightview Display Co., Ltd.',
    contract: '№ XM-2026/77',
    tnved: '8528421000',
    goods: 'мониторы 27", 400 шт.',
    term: [2, 28],
  })
    .create()
    .oper(t.after(c, 20), 'take')
    .send(t.after(c, 45))
    .offer(t.after(c, 110), 'p1', { fee: '1.4', course: '12.76' })
    .offer(t.after(c, 150), 'p2', { fee: '1.2', course: '12.71' })
    .accept(t.ago(6, 1), 'p1', 'Выбираем Альфа Платежи — быстрее срок');
  paymentChecking
    .upload(t.ago(5, 7), 'p1', 'docs', paymentChecking.offerDocs('077'))
    .confirmAndSend(t.ago(5, 6, 50), 'docs')
    .client(t.ago(4, 4), 'offer/docs/confirm')
    .bill(t.ago(4, 3))
    .client(t.ago(0, 6), 'payment/made', 'Оплатили, платёжное поручение № 532');

  // 8. OFFER_ACCEPTED, bill issued: the client pays ("Оплата").
  c = t.ago(6, 4);
  const toPay = deal({
    created: c,
    amount: '15800.00',
    currency: 'USD',
    counterparty: BANKS.allahabad,
    supplier: 'Sun Pharma Exports Pvt. Ltd.',
    contract: '№ IN-2026/19',
    tnved: '3004100001',
    goods: 'лекарственные препараты (пенициллины)',
    imported: true,
    term: [2, 30],
  })
    .create()
    .oper(t.after(c, 30), 'take')
    .send(t.after(c, 55), ['p1', 'p2'])
    .offer(t.after(c, 130), 'p1', { fee: '1.5', course: '92.50' })
    .accept(t.ago(5, 3), 'p1');
  toPay
    .upload(t.ago(5, 2), 'p1', 'docs', toPay.offerDocs('019'))
    .confirmAndSend(t.ago(5, 1, 50), 'docs')
    .client(t.ago(3, 5), 'offer/docs/confirm')
    .bill(t.ago(1, 4));

  // 9. OFFER_ACCEPTED, offer documents confirmed: waiting for the bill ("Ожидание платёжного поручения").
  c = t.ago(5, 6);
  const waitingBill = deal({
    created: c,
    amount: '31500.00',
    currency: 'USD',
    counterparty: BANKS.adabank,
    supplier: 'Marmara Makine Ltd. Sti.',
    contract: '№ MM-31',
    tnved: '8471410000',
    goods: 'промышленные компьютеры',
    term: [2, 30],
  })
    .create()
    .oper(t.after(c, 25), 'take')
    .send(t.after(c, 50))
    .offer(t.after(c, 115), 'p1', { fee: '1.3', course: '92.35' })
    .accept(t.ago(4, 3), 'p1');
  waitingBill
    .upload(t.ago(3, 6), 'p1', 'docs', waitingBill.offerDocs('131'))
    .confirmAndSend(t.ago(3, 5, 50), 'docs')
    .client(t.ago(1, 2), 'offer/docs/confirm');

  // 10. OFFER_ACCEPTED, offer documents sent by partner1: the client confirms them ("Требует подтверждения").
  c = t.ago(4, 5);
  const docsSent = deal({
    created: c,
    amount: '420000.00',
    currency: 'CNY',
    counterparty: BANKS.anzShanghai,
    supplier: 'Shanghai Keyway Components Co., Ltd.',
    contract: '№ SH-2026/210',
    tnved: '8473302002',
    goods: 'материнские платы и модули памяти',
    term: [2, 30],
  })
    .create()
    .oper(t.after(c, 20), 'take')
    .send(t.after(c, 40))
    .offer(t.after(c, 100), 'p1', { fee: '1.35', course: '12.75' })
    .accept(t.ago(2, 5), 'p1');
  docsSent.upload(t.ago(0, 3), 'p1', 'docs', docsSent.offerDocs('210')).confirmAndSend(t.ago(0, 2, 50), 'docs');

  // 11. OFFER_ACCEPTED with partner2 (qualified signature required): a document uploaded, not yet signed.
  c = t.ago(3, 4);
  const offerAccepted = deal({
    created: c,
    amount: '54000.00',
    currency: 'USD',
    counterparty: BANKS.adib,
    supplier: 'Emirates Cool Tech FZE',
    contract: '№ ECT-2026/12',
    tnved: '8415810010',
    goods: 'промышленные кондиционеры',
    term: [2, 30],
  })
    .create()
    .oper(t.after(c, 20), 'take')
    .send(t.after(c, 45))
    .offer(t.after(c, 110), 'p2', { fee: '1.1', course: '92.45' })
    .offer(t.after(c, 140), 'p1', { fee: '1.3', course: '92.50' })
    .accept(t.ago(1, 3), 'p2', 'Принимаем предложение Бета Трансфер');
  offerAccepted.upload(t.ago(0, 4), 'p2', 'docs', [
    {
      name: 'Агентский договор № БТ-12.pdf',
      title: 'Агентский договор № БТ-12',
      lines: ['Агент: ООО «Бета Трансфер», ИНН 9705119964', 'Принципал: ООО «ВЭД Трейд», ИНН 7707393126'],
    },
  ]);

  // 11b. OFFER_ACCEPTED with partner2's signed documents sent: "Требует подписания" (needs the demo CA).
  if (sign) {
    c = t.ago(2, 6);
    const toSign = deal({
      created: c,
      amount: '88000.00',
      currency: 'USD',
      counterparty: BANKS.adcb,
      supplier: 'Al Noor Electronics Trading LLC',
      contract: '№ ANE-2026/27',
      tnved: '8528429001',
      goods: 'проекционные мониторы',
      term: [2, 30],
    })
      .create()
      .oper(t.after(c, 25), 'take')
      .send(t.after(c, 45), ['p2'])
      .offer(t.after(c, 120), 'p2', { fee: '1.05', course: '92.40' })
      .accept(t.ago(1, 1), 'p2');
    toSign.signedDocs(
      t.ago(0, 0, 2),
      {
        name: 'Агентский договор № БТ-27.pdf',
        title: 'Агентский договор № БТ-27',
        lines: [
          'Агент: ООО «Бета Трансфер», ИНН 9705119964',
          'Принципал: ООО «ВЭД Трейд», ИНН 7707393126',
          'Поручение: перевод 88000.00 USD в пользу Al Noor Electronics Trading LLC',
        ],
      },
      sign,
    );
  }

  // 12. ACTIVE with offers of both agents ("Есть предложения").
  c = t.ago(2, 3);
  const hasOffers = deal({
    created: c,
    amount: '12500.00',
    currency: 'USD',
    counterparty: BANKS.bocBeijing,
    supplier: 'Dongguan Smart Home Technology Co., Ltd.',
    contract: '№ DG-2026/15',
    tnved: '8517610001',
    goods: 'базовые станции и роутеры',
    term: [3, 25],
    withFiles: true,
  })
    .create()
    .oper(t.after(c, 30), 'take')
    .oper(t.after(c, 35), 'comment', { comment: 'Документы в порядке, направляю агентам' })
    .send(t.after(c, 40))
    .offer(t.after(c, 150), 'p1', { fee: '1.5', course: '92.50' })
    .offer(t.ago(1, 2), 'p2', { fee: '1.2', course: '92.45', method: 'UNPROTECTED' });

  // 13. ACTIVE, no offer yet ("Ожидание предложений"): new for both agents.
  c = t.ago(1, 5);
  const waitingOffers = deal({
    created: c,
    amount: '300000.00',
    currency: 'CNY',
    counterparty: BANKS.anzShanghai,
    supplier: 'Hangzhou Greenfield Auto Co., Ltd.',
    contract: '№ HZ-09/26',
    tnved: '8708101000',
    goods: 'бамперы для легковых автомобилей',
    term: [3, 30],
  })
    .create()
    .oper(t.after(c, 40), 'take')
    .send(t.after(c, 60));

  // 14. IN_VALIDATION: the operator checks it and asks for the contract.
  c = t.ago(0, 9);
  const inValidation = deal({
    created: c,
    amount: '9800.00',
    currency: 'USD',
    counterparty: BANKS.akbank,
    supplier: 'Istanbul Elektronik A.S.',
    contract: '№ IE-2026/03',
    tnved: '8415200001',
    goods: 'автомобильные кондиционеры',
    term: [5, 30],
  })
    .create()
    .oper(t.after(c, 60), 'take', { comment: 'Взяла на проверку' })
    .oper(t.after(c, 70), 'comment', {
      comment: 'Приложите, пожалуйста, подписанный контракт: без него агенты не примут заявку.',
    });

  // 15. VALIDATION: created a moment ago, with its invoice and contract.
  c = t.ago(0, 0, 45);
  deal({
    created: c,
    amount: '18600.00',
    currency: 'USD',
    counterparty: BANKS.adcbMumbai,
    supplier: 'Tata Auto Components Ltd.',
    contract: '№ TAC-2026/41',
    tnved: '8708219009',
    goods: 'детали тормозных систем',
    term: [5, 30],
    withFiles: true,
  }).create();

  return {
    executedLaptops,
    executingParts,
    paymentChecking,
    hasOffers,
    waitingOffers,
    inValidation,
    offerAccepted,
    all,
  };
}

/**
 * The referral partner (agent@example.com) acts for his client by re-login (spec core §6) and creates one request
 * for it; it waits for the operator (VALIDATION) with the partner as its consultant.
 */
export function scheduleReloginDeal(w: WorldContext, counts: DealCounts): Deal {
  const t = w.time;
  const c = t.ago(0, 3);
  w.timeline.add(t.after(c, -5), async () => {
    const agent = await w.as('agent');
    const page = await agent.post<{ content: { id: number; status: string }[] }>(
      '/api/secured/agent/clients/filter',
      {},
    );
    const link = page.content.find((x) => x.status === 'ACTIVE')!;
    await agent.post(`/api/secured/agent/clients/${link.id}/relogin`);
  });
  const d = new Deal(
    w,
    {
      created: c,
      amount: '7300.00',
      currency: 'USD',
      counterparty: BANKS.adib,
      supplier: 'Dubai Medical Supplies LLC',
      contract: '№ DMS-2026/08',
      tnved: '3004100004',
      goods: 'лекарственные препараты',
      imported: true,
      term: [5, 25],
    },
    counts,
  ).create('agent');
  w.timeline.add(t.after(c, 3), async () => {
    await (await w.as('agent')).post('/api/secured/agent/relogin/return');
  });
  return d;
}
