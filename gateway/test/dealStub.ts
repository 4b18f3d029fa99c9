/**
 * A stand-in for the backend's deal calls (operator list and detail, partner list and detail, client list, offers and
 * accept), enough to test the gateway's own deal logic: upstream call bounds, error mapping of transitions, role
 * scoping. The end-to-end truth is tests/integration/deal-flow.test.ts over the real backend. Its answers are typed with
 * the generated REST contract (rest/contract.ts), so a stub drifting from the backend fails `tsc`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type {
  AmountConversionDto,
  ClientDealDto,
  CountDto,
  CurrentUserDto,
  DocumentDto,
  HistoryDto,
  OfferDetailsDto,
  OperOrderDto,
  OperatorUserDto,
  OrderDto,
  OrderStatusDto,
  PartnerOrderDto,
  PartnerOrderRowDto,
  PayCheckDto,
  PaymentCompanyDto,
} from '../src/rest/contract.js';
import type { AnswerOf } from '../src/rest/openapi.js';
import { OPERATOR_RIGHTS } from '@platform/domain/operator/rights';

export type Role = 'CLIENT' | 'PARTNER' | 'OPER';

export interface DealStub {
  app: FastifyInstance;
  url: string;
  /** Method and path of every call. */
  calls: string[];
  /** Role of the session "SESSION=<role>". */
  orderCount: number;
  /** Holds every GET current/user answer until the returned function is called (ordering of upstream calls). */
  holdCurrentUser(): () => void;
  close(): Promise<void>;
}

const offer = (fee: string): OfferDetailsDto => ({
  dealMethod: 'PROTECTED',
  paymentSum: { cost: '12500.00', currency: 'USD' },
  paymentFrom: '2026-12-01',
  paymentTo: '2026-12-15',
  transactionType: 'SWIFT',
  clientFeePercent: '1.5',
  agentFeePercent: '0.8',
  serviceFeePercent: '0.7',
  totalFee: fee,
  agentFee: '100.00',
  serviceFee: '87.50',
  totalCommission: { amount: '17250.00', percent: '1.5' },
  additionalExpenses: [{ amount: '10.00', currency: 'EUR', rate: '100.1234', description: 'SWIFT' }],
  exchangeRateInfo: {
    currencyCode: 'USD',
    course: '92.4512',
    source: 'ЦБ РФ',
    courseDeterminationRules: 'ЦБ РФ',
    expensesCurrencyCode: null,
    expensesCourse: null,
    expensesCourseDeterminationRules: null,
  },
  sampleContractFileId: '0b7c1c9e-4a0d-4f3e-9a43-2f2b7d1e5c11',
});

export const order = (id: number, status: OrderStatusDto = 'ACTIVE'): OrderDto => ({
  id,
  number: id,
  created: '2026-11-21T10:15:00.000Z',
  paymentType: 'SENDING',
  amount: { cost: '12500.00', currency: 'USD' },
  counterparty: {
    countryCode: 'CN',
    countryName: 'Китай',
    city: 'Shanghai',
    bankName: 'Bank of China',
    swift: 'BKCHCNBJ',
  },
  tnvedCode: '8471300000',
  tnvedName: 'Машины',
  goodsLocation: 'IMPORTED',
  paymentDateFrom: '2026-12-01',
  paymentDateTo: '2026-12-15',
  comment: null,
  files: [{ id: 'f-1', name: 'invoice.pdf', size: 10, contentType: 'application/pdf' }],
  client: { companyId: 7, name: 'ООО «Ромашка»', inn: '7701234567' },
  consultant: null,
  status,
  statusDate: '2026-11-21T10:15:00.000Z',
  // As the backend's client answers: partner order ids, offers (hidden per spec core §4) and the active bill.
  partnerOrders: views(id),
});

/** Partner orders with offer details as the deal calls answer them (views.ts). */
const bill: PayCheckDto = {
  id: 71,
  status: 'ACTIVE',
  amount: '1175906.25',
  currency: 'RUB',
  convertedCommissionAmount: '19656.25',
  commission: '187.50',
  paymentCompanyId: 5,
  created: '2026-11-22T10:00:00.000Z',
  statusDate: '2026-11-22T10:00:00.000Z',
};
const views = (orderId: number): PartnerOrderDto[] => [
  {
    id: orderId * 10 + 1,
    partnerId: 21,
    brand: 'Альфа',
    status: 'SEND_OFFER',
    statusDate: null,
    partnerSignRequired: false,
    offer: offer('187.50'),
    paycheck: orderId === 7 ? bill : null,
  },
  {
    id: orderId * 10 + 2,
    partnerId: 22,
    brand: 'Бета',
    status: 'IN_PROGRESS',
    statusDate: null,
    partnerSignRequired: true,
    offer: null,
    paycheck: null,
  },
];

const operRow = (id: number): OperOrderDto => ({
  orderId: id,
  clientId: 7,
  clientName: 'ООО «Ромашка»',
  inn: '7701234567',
  dateTimeCreate: '2026-11-21T10:15:00.000Z',
  lastOperComment: { name: 'Волкова Ольга', dateTimeCreate: '2026-11-21T11:00:00.000Z', comment: 'Проверено' },
  partnerOrders: views(id),
  status: 'ACTIVE',
  statusDate: '2026-11-21T10:15:00.000Z',
  validator: { userId: 3, name: 'Ольга', surname: 'Волкова', patronymic: null, email: 'operator@example.com' },
  displayStatus: { code: 'OFFER', label: 'Предложение' },
  order: order(id),
});

const USER = (role: Role): CurrentUserDto => ({
  userId: 1,
  email: `${role.toLowerCase()}@example.ru`,
  name: 'Иван',
  surname: 'Петров',
  patronymic: null,
  phone: '9001234567',
  account: { type: role, status: 'ACTIVE' },
  verified: true,
  // An operator of the backend's seed holds the role ADMIN: every operator right (issue 10).
  userRights: role === 'CLIENT' ? ['VERIFIED_CLIENT'] : role === 'OPER' ? [...OPERATOR_RIGHTS] : [],
  originalUser: null,
  reLoggedRights: [],
  company:
    role === 'OPER'
      ? null
      : {
          id: role === 'PARTNER' ? 21 : 7,
          shortName: 'X',
          fullName: 'X',
          inn: '7701234567',
          ogrn: '1027700000000',
          status: 'VERIFIED',
          verified: true,
        },
});

export async function startDealStub(orderCount = 30): Promise<DealStub> {
  const app = Fastify();
  const calls: string[] = [];
  const ids = Array.from({ length: orderCount }, (_, i) => orderCount - i);
  const roleOf = (cookie: string | undefined): Role =>
    (/SESSION=(CLIENT|PARTNER|OPER)/.exec(cookie ?? '')?.[1] as Role) ?? 'CLIENT';
  const page = <T>(body: { pageable: { page: number; pageSize: number } }, all: T[]) => {
    const start = body.pageable.page * body.pageable.pageSize;
    return {
      content: all.slice(start, start + body.pageable.pageSize),
      totalElements: all.length,
      page: body.pageable.page,
      pageSize: body.pageable.pageSize,
      last: start + body.pageable.pageSize >= all.length,
    };
  };
  app.addHook('onRequest', async (req) => {
    calls.push(`${req.method} ${req.url.split('?')[0]}`);
  });
  app.get(
    '/api/public/csrf',
    async () =>
      ({ token: 't', headerName: 'X-XSRF-TOKEN', parameterName: '_csrf' }) satisfies AnswerOf<
        'GET',
        '/api/public/csrf'
      >,
  );
  let currentUserGate: Promise<void> | null = null;
  const holdCurrentUser = () => {
    let release!: () => void;
    currentUserGate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      currentUserGate = null;
      release();
    };
  };
  app.get('/api/secured/common/current/user', async (req) => {
    if (currentUserGate) await currentUserGate;
    return USER(roleOf(req.headers.cookie));
  });

  app.post('/api/secured/oper/order/exch/filter', async (req) => page(req.body as never, ids.map(operRow)));
  app.post('/api/secured/oper/order/exch/filter/count', async (): Promise<CountDto> => ({ count: ids.length }));
  // the operator's tab counts (issue 15): the listed rows are all ACTIVE (work)
  app.post(
    '/api/secured/oper/order/exch/tab-counts',
    async (): Promise<AnswerOf<'POST', '/api/secured/oper/order/exch/tab-counts'>> => ({
      new: 0,
      work: ids.length,
      deals: 0,
      results: 0,
      all: ids.length,
    }),
  );
  const operDetail = (id: number): AnswerOf<'GET', '/api/secured/oper/order/exch/{id}'> => ({
    ...operRow(id),
    history: [],
    operatorComments: [
      { id: 2, name: 'Волкова Ольга', dateTimeCreate: '2026-11-21T11:00:00.000Z', comment: 'Проверено' },
      { id: 1, name: 'Андреев Пётр', dateTimeCreate: '2026-11-21T10:30:00.000Z', comment: 'Запросить контракт' },
    ],
  });
  /** The ids of a batch read's `?ids=…` (one or repeated). */
  const idsOf = (req: { query: unknown }) => [(req.query as { ids: string | string[] }).ids].flat().map(Number);
  app.get('/api/secured/oper/order/exch/batch', async (req) => ({ items: idsOf(req).map(operDetail) }));
  app.get('/api/secured/oper/order/exch/:id', async (req) => operDetail(Number((req.params as { id: string }).id)));
  app.get('/api/secured/oper/users', async (): Promise<OperatorUserDto[]> => [
    { id: 3, name: 'Ольга', surname: 'Волкова', patronymic: null, email: 'operator@example.com' },
    { id: 4, name: 'Пётр', surname: 'Андреев', patronymic: 'Ильич', email: 'oper2@example.com' },
  ]);
  // Documents (backend views.ts DocumentSchema): a payment agent's sample contract example and a client's offer document.
  const doc = (id: number, kind: DocumentDto['kind'], partnerOrderId: number): DocumentDto => ({
    id,
    partnerOrderId,
    partnerId: 21,
    kind,
    name: `doc-${id}.pdf`,
    status: 'UPLOADED',
    fileId: `0b7c1c9e-4a0d-4f3e-9a43-2f2b7d1e5c${String(id).padStart(2, '0')}`,
    size: 10,
    contentType: 'application/pdf',
    created: '2026-11-21T10:15:00.000Z',
    clientSignature: null,
    agentSignature: null,
  });
  app.get('/api/secured/partner/order/exch/:id/offer/docs-example', async (req) => [
    doc(11, 'DOC_EXAMPLE', Number((req.params as { id: string }).id) * 10 + 1),
  ]);
  app.get('/api/secured/client/order/exch/:id/offer/docs', async (req) => [
    doc(12, 'OFFER_DOCS', Number((req.params as { id: string }).id) * 10 + 1),
  ]);

  // the agent's tab counts (issue 15): every tab of the listed rows (their offers are IN_PROGRESS: working)
  app.post(
    '/api/secured/partner/order/exch/tab-counts',
    async (): Promise<AnswerOf<'POST', '/api/secured/partner/order/exch/tab-counts'>> => ({
      all: ids.length,
      new: 0,
      working: ids.length,
      deals: 0,
      results: 0,
    }),
  );
  app.post('/api/secured/partner/order/exch/filter', async (req) =>
    page(
      req.body as never,
      ids.map((id): PartnerOrderRowDto => ({
        orderId: id,
        number: id,
        created: '2026-11-21T10:15:00.000Z',
        amount: '12500.00',
        currencyCode: 'USD',
        clientName: 'ООО «Ромашка»',
        clientInn: '7701234567',
        countryCode: 'CN',
        partnerSignRequired: false,
        paymentDateFrom: '2026-12-01',
        paymentDateTo: '2026-12-15',
        paymentType: 'SENDING',
        status: 'SEND_OFFER',
        statusLabel: 'Предложение',
        tab: 'working',
        orderStatus: 'ACTIVE',
        // The caller's own side in full and the order fields of GET {id} (backend deal/partner-queries.ts).
        partnerOrderId: id * 10 + 1,
        statusDate: '2026-11-21T10:15:00.000Z',
        offer: offer('187.50'),
        paycheck: null,
        rejectReason: null,
        clientId: 7,
        countryName: 'Китай',
        city: 'Shanghai',
        bankName: 'Bank of China',
        swift: 'BKCHCNBJ',
        tnvedCode: '8471300000',
        tnvedName: 'Машины',
        goodsLocation: 'IMPORTED',
        comment: null,
        files: [{ id: 'f-1', name: 'invoice.pdf', size: 10, contentType: 'application/pdf' }],
        consultant: null,
        orderStatusDate: '2026-11-21T10:15:00.000Z',
      })),
    ),
  );
  /** The agent's GET {id}; null (404) beyond id 1000. */
  const partnerDetail = (id: number): AnswerOf<'GET', '/api/secured/partner/order/exch/{id}'> | null =>
    id > 1000
      ? null
      : {
          ...order(id),
          partnerOrders: [{ ...views(id)[0]!, statusLabel: 'Предложение', tab: 'working', rejectReason: null }],
          actions: [],
        };
  app.get(
    '/api/secured/partner/order/exch/batch',
    async (req): Promise<AnswerOf<'GET', '/api/secured/partner/order/exch/batch'>> => ({
      items: idsOf(req).map(partnerDetail),
    }),
  );
  app.get('/api/secured/partner/order/exch/:id', async (req, reply) => {
    const detail = partnerDetail(Number((req.params as { id: string }).id));
    return detail ?? reply.code(404).send({ message: 'Заявка не найдена', code: 'NOT_FOUND' });
  });

  app.get(
    '/api/secured/oper/order/exch/:id/pay-checks/:bill/payment-company',
    async (): Promise<PaymentCompanyDto> => ({
      id: 5,
      name: 'ООО «Альфа Платежи»',
      inn: '7700000001',
      kpp: null,
      legalAddress: 'Москва',
      actualAddress: 'Москва',
      requisites: [],
    }),
  );
  app.get('/api/secured/partner/order/exch/:id/history', async (): Promise<HistoryDto[]> => [
    {
      id: 1,
      entity: 'ORDER',
      entityId: 5,
      from: 'IN_VALIDATION',
      to: 'ACTIVE',
      at: '2026-11-21T10:15:00.000Z',
      actorRole: 'OPER',
      actor: null,
      partnerId: null,
      comment: null,
    },
    {
      id: 2,
      entity: 'OFFER',
      entityId: 51,
      from: 'IN_PROGRESS',
      to: 'SEND_OFFER',
      at: '2026-11-21T11:15:00.000Z',
      actorRole: 'PARTNER',
      actor: { userId: 1, name: 'Петров Иван' },
      partnerId: 21,
      comment: null,
    },
  ]);
  app.post('/api/secured/partner/order/exch/:id/offer/pay-checks/amount-convert', async (req, reply) => {
    const b = req.body as { amount: { cost: string; currency: string }; targetCurrency: string };
    if (!/^\d+(\.\d{1,2})?$/.test(b.amount.cost)) {
      return reply.code(400).send({
        message: 'Сумма — число, не более двух знаков после запятой',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'amount.cost', code: 'AMOUNT_FORMAT', message: 'Сумма — число' }],
      });
    }
    return {
      amount: { cost: '100.00', currency: 'USD' },
      converted: { cost: '9245.12', currency: 'RUB' },
      rate: '92.4512',
    } satisfies AmountConversionDto;
  });

  app.post('/api/secured/client/order/exch/filter', async (req) =>
    page(
      req.body as never,
      ids.map((id) => order(id)),
    ),
  );
  app.get(
    '/api/secured/client/order/exch/tab-counts',
    async (): Promise<AnswerOf<'GET', '/api/secured/client/order/exch/tab-counts'>> => ({
      current: orderCount,
      completed: 0,
      cancelled: 0,
    }),
  );
  app.get(
    '/api/secured/client/order/exch/batch',
    async (req): Promise<AnswerOf<'GET', '/api/secured/client/order/exch/batch'>> => ({
      items: idsOf(req).map((id) => order(id)),
    }),
  );
  app.get('/api/secured/client/order/exch/:id', async (req) => order(Number((req.params as { id: string }).id)));
  app.get('/api/secured/client/order/exch/:id/offers', async (req) => {
    const id = Number((req.params as { id: string }).id);
    const deal: ClientDealDto = {
      orderId: id,
      status: 'ACTIVE',
      statusDate: '2026-11-21T10:15:00.000Z',
      displayStatus: { code: 'HAS_OFFERS', label: 'Есть предложения' },
      leadingOfferId: id * 10 + 1,
      offers: views(id),
    };
    return deal;
  });
  app.post('/api/secured/client/order/exch/:id/offers/:po/accept', async (_req, reply) =>
    reply.code(409).send({ message: 'Статус заявки уже изменился, обновите страницу', code: 'CONFLICT' }),
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { app, url: `http://127.0.0.1:${port}`, calls, orderCount, holdCurrentUser, close: () => app.close() };
}
