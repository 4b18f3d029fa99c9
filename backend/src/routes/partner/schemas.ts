/**
 * TypeBox schemas of the payment agent's calls (spec core §3 "Partner-side order row", "Offer", "Exchange rate info",
 * "Documents", "Payment agent profile"; §4 offer and payment statuses, tabs; §7 "Payment agent (partner)").
 * Business formats (decimals, dates, codes) are checked by src/deal/partner-offer.ts so that answers carry the rule's
 * code and Russian text; the schemas check shapes and types. Money and rates are decimal STRINGS everywhere.
 */
import { Type } from 'typebox';
import { DEAL_ACTIONS } from '@platform/domain/deal/rules';
import { OFFER_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '@platform/domain/deal/statuses';
import { DocumentSchema, OfferDetailsSchema, PartnerOrderViewSchema, PayCheckSchema } from '../../deal/views.js';
import { OrderSchema } from '../orders/schemas.js';
import { literalUnion } from '../schemas.js';

const literals = <T extends string>(values: readonly T[], description: string) => literalUnion(values, { description });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const DecimalString = (description: string) => Type.String({ maxLength: 40, description });

export const OfferStatusSchema = literals(OFFER_STATUSES, 'Offer (partner order) status (spec core §4)');
export { DocumentSchema, PayCheckSchema };
export const PaymentStatusSchema = literals(PAYMENT_STATUSES, 'Payment (bill) status (spec core §4)');
export const PartnerTabSchema = literals(
  ['all', 'new', 'working', 'deals', 'results'] as const,
  'Payment agent tab (spec core §4): all; new = ALLOWED; working = CREATED_OFFER, IN_PROGRESS, SEND_OFFER; deals = ACCEPTED, ACCEPTED_OFFER_DOCS, EXECUTING, PAYMENT_CHECKING, SEND_EXECUTING_DOCS, SEND_OFFER_DOCS, SEND_PAYCHECK; results = EXECUTED, REFUSE_OPER, REJECTED, SIGNED_ANOTHER_OFFER',
);

export const OrderIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Order id (numeric)' }),
});
export const DocParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Order id (numeric)' }),
  docId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Document id (numeric)' }),
});
export const CompanyParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Order id (numeric)' }),
  companyId: Type.Integer({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'Payment company id (GET /payment-companies)',
  }),
});

// ---- List (spec core §7 "order/exch/filter", "filter/count"; §3 "Partner-side order row")

const filterProps = {
  tab: Type.Optional(PartnerTabSchema),
  statuses: Type.Optional(
    Type.Array(OfferStatusSchema, {
      maxItems: 15,
      description: 'Only these offer statuses (intersected with `tab` when both are given). Absent or empty: all.',
    }),
  ),
  id: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 40 })], {
      description: 'Order number; applied only when numeric (spec core §5)',
    }),
  ),
  countryCode: Type.Optional(
    Type.String({
      maxLength: 2,
      description: 'Counterparty country, ISO 3166-1 alpha-2 (case-insensitive); empty = any',
    }),
  ),
  paymentDateFrom: Type.Optional(
    Type.String({
      maxLength: 10,
      description: 'Payment term filter start, YYYY-MM-DD: orders whose term ends on or after it',
    }),
  ),
  paymentDateTo: Type.Optional(
    Type.String({
      maxLength: 10,
      description: 'Payment term filter end, YYYY-MM-DD: orders whose term starts on or before it',
    }),
  ),
};
export const PartnerPageableSchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: '0-based page index' })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Page size, default 10 (spec core §9)' }),
  ),
  sortFields: Type.Optional(
    Type.Array(
      Type.Object({
        field: literals(['created', 'number', 'amount', 'status', 'paymentDateFrom'] as const, 'Sort key'),
        direction: Type.Optional(
          Type.Union([Type.Literal('ASC'), Type.Literal('DESC')], { description: 'Default DESC' }),
        ),
      }),
      { maxItems: 4, description: 'Default: created DESC; ties by order id' },
    ),
  ),
});
export const PartnerFilterSchema = Type.Object({ pageable: Type.Optional(PartnerPageableSchema), ...filterProps });

/** The body of POST …/tab-counts: the list's filters without `tab` and `pageable` (every tab is counted). */
const { tab: _tab, ...tabCountsFilterProps } = filterProps;
export const PartnerTabCountsFilterSchema = Type.Object(tabCountsFilterProps);

const tabCount = (description: string) => Type.Integer({ minimum: 0, description });
/** The answer of POST …/tab-counts: one count per payment agent tab (spec core §4). */
export const PartnerTabCountsSchema = Type.Object(
  {
    all: tabCount('Requests in the tab "Все" (every offer status)'),
    new: tabCount('Requests in the tab "Новые": ALLOWED'),
    working: tabCount('Requests in the tab "В работе": CREATED_OFFER, IN_PROGRESS, SEND_OFFER'),
    deals: tabCount(
      'Requests in the tab "Сделки": ACCEPTED, ACCEPTED_OFFER_DOCS, EXECUTING, PAYMENT_CHECKING, SEND_EXECUTING_DOCS, SEND_OFFER_DOCS, SEND_PAYCHECK',
    ),
    results: tabCount('Requests in the tab "Результаты": EXECUTED, REFUSE_OPER, REJECTED, SIGNED_ANOTHER_OFFER'),
  },
  { description: "Number of the requests sent to the caller's company per payment agent tab (spec core §4)" },
);

export const PartnerOrderRowSchema = Type.Object(
  {
    orderId: Type.Integer(),
    number: Type.Integer({ description: 'Display number (= orderId)' }),
    created: Type.String({ description: 'UTC ISO 8601' }),
    amount: Type.String({ description: 'Decimal string, 2 decimals' }),
    currencyCode: Type.String({ description: 'ISO 4217' }),
    clientName: Type.String({ description: 'Client company short name' }),
    clientInn: Type.String(),
    countryCode: Type.String({ description: 'Counterparty country, ISO 3166-1 alpha-2' }),
    partnerSignRequired: Type.Boolean({ description: 'The agent signs documents with an electronic signature' }),
    paymentDateFrom: Type.String({ description: 'YYYY-MM-DD' }),
    paymentDateTo: Type.String({ description: 'YYYY-MM-DD' }),
    paymentType: literals(['SENDING', 'RECEIVING'] as const, 'Payment direction'),
    status: OfferStatusSchema,
    statusLabel: Type.String({
      description: 'Russian label of the status for the agent (spec core §4 "In display terms")',
    }),
    tab: literals(['new', 'working', 'deals', 'results'] as const, 'The tab of the status'),
    orderStatus: literals(ORDER_STATUSES, 'Order status (spec core §4)'),
    partnerOrderId: Type.Integer({ description: "The caller's partner order id" }),
    statusDate: Nullable(Type.String(), "Time of the last status change of the caller's side, UTC ISO 8601"),
    offer: Nullable(
      OfferDetailsSchema,
      "The caller's own offer (src/deal/views.ts shape); null when none was sent or while its details are hidden (ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER, spec core §4)",
    ),
    paycheck: Nullable(PayCheckSchema, "The active bill of the caller's offer, or null (hidden as `offer`)"),
    rejectReason: Nullable(Type.String(), "The caller's refusal reason, or null"),
    clientId: Type.Integer({ description: 'Client company id' }),
    countryName: Type.String({ description: 'Russian name of the counterparty country' }),
    city: Type.String({ description: 'Counterparty city' }),
    bankName: Type.String({ description: 'Counterparty bank' }),
    swift: Nullable(Type.String(), 'SWIFT BIC of the counterparty bank, or null'),
    tnvedCode: Type.String({ description: 'TN VED code of the goods' }),
    tnvedName: Nullable(Type.String(), 'Russian name of the TN VED code'),
    goodsLocation: literals(['IMPORTED', 'NOT_IMPORTED'] as const, 'Where the goods are'),
    comment: Nullable(Type.String(), 'Client comment'),
    files: OrderSchema.properties.files,
    consultant: OrderSchema.properties.consultant,
    orderStatusDate: Type.String({ description: 'Time of the last order status change, UTC ISO 8601' }),
  },
  {
    description:
      "Partner-side order row (spec core §3) with the caller's own side in full (offer, bill, refusal reason) and the order fields of GET order/exch/{id}, loaded for the whole page at once",
  },
);

export const PartnerPageSchema = Type.Object({
  content: Type.Array(PartnerOrderRowSchema),
  totalElements: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  last: Type.Boolean(),
});

// ---- Offer (spec core §3 "Offer", "Exchange rate info")

const ExpenseSchema = Type.Object({
  amount: DecimalString('Decimal string ≥ 0, at most 2 decimals'),
  currency: Type.String({ maxLength: 3, description: 'ISO 4217' }),
  rate: DecimalString('RUB per one unit of `currency`, > 0, at most 4 decimals'),
  description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});

const feeProps = {
  paymentSum: Type.Optional(DecimalString('Payment sum in the order currency; default: the order amount')),
  clientFeePercent: DecimalString('Client fee, percent of the payment sum (e.g. "1.5"); ≥ the service fee %'),
  agentFeePercent: Type.Optional(
    DecimalString(
      'Optional echo of the agent fee % (client − service); refused when it differs (FEE_PERCENT_MISMATCH)',
    ),
  ),
  serviceFeePercent: Type.Optional(
    DecimalString('Optional echo of the service fee % of the license contract; refused when it differs'),
  ),
  additionalExpenses: Type.Optional(Type.Array(ExpenseSchema, { maxItems: 20, description: 'Additional expenses' })),
};

export const CommissionCalculateSchema = Type.Object({
  ...feeProps,
  course: Type.Optional(
    DecimalString("RUB per unit of the order currency, ≤ 4 decimals; default: the agent's indicative rate (1 for RUB)"),
  ),
});
export const CommissionQuery = Type.Object({
  orderId: Type.Integer({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'Order the breakdown is for (must be sent to the caller)',
  }),
});

export const OfferSendSchema = Type.Object(
  {
    dealMethod: literals(
      ['PROTECTED', 'UNPROTECTED'] as const,
      'PROTECTED: risk-free (безрисковая) deal; UNPROTECTED: standard deal',
    ),
    paymentDateFrom: Type.String({ maxLength: 10, description: 'Payment term start, YYYY-MM-DD, not in the past' }),
    paymentDateTo: Type.String({
      maxLength: 10,
      description: 'Payment term end, YYYY-MM-DD; the offer expires after it',
    }),
    ...feeProps,
    exchangeRate: Type.Object(
      {
        course: DecimalString('RUB per unit of the order currency, > 0, ≤ 4 decimals ("1" for RUB)'),
        source: Type.Optional(
          Nullable(
            Type.String({ maxLength: 200 }),
            "Where the rate comes from (spec core §3 \"exchange rate with source\"), e.g. 'ЦБ РФ'; default: the rate source of the agent's currency settings",
          ),
        ),
        courseDeterminationRules: Type.Optional(
          Nullable(
            Type.String({ maxLength: 2000 }),
            "How the rate is determined; default: the agent's currency settings",
          ),
        ),
        expensesCurrencyCode: Type.Optional(Nullable(Type.String({ maxLength: 3 }), 'ISO 4217 of the expenses')),
        expensesCourse: Type.Optional(Nullable(DecimalString('RUB per unit of the expenses currency'))),
        expensesCourseDeterminationRules: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
      },
      { description: 'Exchange rate info (spec core §3)' },
    ),
    transactionType: Type.Optional(
      Nullable(Type.String({ maxLength: 100 }), 'Transaction type shown to the client, e.g. "SWIFT"'),
    ),
    sampleContractFileId: Type.Optional(
      Nullable(
        Type.String({ pattern: UUID_PATTERN }),
        'fileId of a document example uploaded with POST .../offer/docs-example (the sample contract)',
      ),
    ),
  },
  { description: 'Offer of the payment agent (spec core §3 "Offer")' },
);

export const BreakdownSchema = Type.Object(
  {
    currency: Type.String(),
    amount: Type.String(),
    clientFeePercent: Type.String({ description: "Percent, trailing zeros trimmed ('1.5')" }),
    agentFeePercent: Type.String({ description: 'Percent, trimmed' }),
    serviceFeePercent: Type.String({ description: 'Percent, trimmed' }),
    totalFee: Type.String({ description: 'agentFee + serviceFee, order currency' }),
    agentFee: Type.String(),
    serviceFee: Type.String(),
    rate: Type.String({ description: 'RUB per unit, 4 decimals' }),
    settlementCurrency: Type.String({ description: 'RUB' }),
    amountConverted: Type.String(),
    totalFeeConverted: Type.String(),
    expenses: Type.Array(
      Type.Object({
        amount: Type.String(),
        currency: Type.String(),
        rate: Type.String(),
        converted: Type.String(),
        description: Nullable(Type.String()),
      }),
    ),
    expensesConverted: Type.String(),
    totalCommission: Type.Object({
      amount: Type.String({ description: 'RUB' }),
      percent: Type.String({
        description: "of amountConverted, rounded to 2 decimals, trailing zeros trimmed ('1.7')",
      }),
    }),
    totalToPay: Type.String({ description: 'RUB: amountConverted + totalFeeConverted + expensesConverted' }),
  },
  {
    description:
      'Commission breakdown computed on the server (domain/deal/money.ts computeCommission). Money 2 decimals, rates 4, percents trimmed of trailing zeros (money.ts formatPercent)',
  },
);

const PartnerOrderItemSchema = Type.Object(
  {
    ...PartnerOrderViewSchema.properties,
    offer: Nullable(
      OfferDetailsSchema,
      "The caller's offer (src/deal/views.ts shape); null when none was sent or while its details are hidden (ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER, spec core §4)",
    ),
    status: OfferStatusSchema,
    statusLabel: Type.String({ description: 'Russian label for the agent (spec core §4 "In display terms")' }),
    tab: literals(['new', 'working', 'deals', 'results'] as const, 'The tab of the status'),
    rejectReason: Nullable(Type.String(), "The agent's refusal reason"),
  },
  { description: "The caller's side of the order (spec core §3 partnerOrders item)" },
);

export const PartnerOrderDetailSchema = Type.Object(
  {
    ...OrderSchema.properties,
    partnerOrders: Type.Array(PartnerOrderItemSchema, { description: "Only the caller's own side" }),
    actions: Type.Array(literals(DEAL_ACTIONS, 'Deal action'), {
      description: 'Actions the caller may take now (domain/deal/apply.ts availableActions)',
    }),
  },
  { description: 'A request as the payment agent sees it' },
);

export const RejectSchema = Type.Object({
  reason: Type.Optional(
    Nullable(
      Type.String({ maxLength: 2000 }),
      "Refusal reason, required (spec core §5): 'Укажите причину отказа' when blank",
    ),
  ),
});

// ---- Settings (spec core §3 "Payment agent profile")

export const CurrencySettingSchema = Type.Object(
  {
    currencyCode: Type.String(),
    currencyName: Nullable(Type.String()),
    rateSource: Type.String(),
    rateRules: Type.String(),
    rateTime: Nullable(Type.String()),
    comment: Nullable(Type.String()),
    indicativeRate: Nullable(Type.String({ description: 'RUB per unit, 4 decimals' })),
    limit: Nullable(Type.Object({ amountFrom: Nullable(Type.String()), amountTo: Nullable(Type.String()) })),
  },
  { description: 'Currency setting of the product passport' },
);

export const RequisiteSchema = Type.Object({
  id: Type.Integer(),
  currencyCode: Type.String(),
  bankName: Type.String(),
  bankBik: Nullable(Type.String()),
  swift: Nullable(Type.String()),
  checkAccount: Type.String(),
  corrAccount: Nullable(Type.String()),
});
export const PaymentCompanySchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    inn: Type.String(),
    kpp: Nullable(Type.String()),
    ogrn: Nullable(Type.String()),
    legalAddress: Type.String(),
    actualAddressSameAsLegal: Type.Boolean(),
    actualAddress: Type.String({ description: 'The legal address when actualAddressSameAsLegal' }),
    requisites: Type.Array(RequisiteSchema),
  },
  { description: 'A company of the agent that receives client payments, with requisites' },
);

export const AmountConvertSchema = Type.Object({
  amount: Type.Object({ cost: DecimalString('Decimal string, ≤ 2 decimals'), currency: Type.String({ maxLength: 3 }) }),
  targetCurrency: Type.String({
    maxLength: 3,
    description: 'ISO 4217: the order currency, RUB or an expense currency of the offer',
  }),
});
export const AmountConvertAnswer = Type.Object({
  amount: Type.Object({ cost: Type.String(), currency: Type.String() }),
  converted: Type.Object({ cost: Type.String(), currency: Type.String() }),
  rate: Type.String({ description: 'Units of targetCurrency per unit of amount.currency, 4 decimals' }),
});
export const PayCheckConfirmSchema = Type.Object({
  paymentCompanyId: Type.Integer({
    minimum: 1,
    description: "The agent's payment company the client pays to (GET /payment-companies)",
  }),
});
