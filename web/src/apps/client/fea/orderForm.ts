/**
 * Values of the create-request form, the OrderInput built from them, and where a server field error goes
 * (docs/rest-api.md OrderInput; spec core §3 Request). Pure: tested in orderForm.test.ts.
 */
import type { UploadedFile } from '../../../system/files';
import { normalizeAmount } from '../../../system/validation';

export type PaymentTypeValue = 'SENDING' | 'RECEIVING';
export type GoodsLocationValue = 'IMPORTED' | 'NOT_IMPORTED';

export interface OrderFormValues {
  paymentType: PaymentTypeValue;
  amount: string;
  currency: string;
  country: { countryCode: string; countryName: string } | null;
  city: string;
  bankName: string;
  swift: string;
  tnved: { code: string; name: string } | null;
  goodsLocation: GoodsLocationValue | '';
  paymentDateFrom: string;
  paymentDateTo: string;
  comment: string;
  files: UploadedFile[];
}

export const EMPTY_ORDER_FORM: OrderFormValues = {
  paymentType: 'SENDING',
  amount: '',
  currency: 'USD',
  country: null,
  city: '',
  bankName: '',
  swift: '',
  tnved: null,
  goodsLocation: '',
  paymentDateFrom: '',
  paymentDateTo: '',
  comment: '',
  files: [],
};

/** Choices in display order; labels are i18n keys orders.paymentType.* and orders.goodsLocation.*. */
export const PAYMENT_TYPES: ReadonlyArray<PaymentTypeValue> = ['SENDING', 'RECEIVING'];
export const GOODS_LOCATIONS: ReadonlyArray<GoodsLocationValue> = ['IMPORTED', 'NOT_IMPORTED'];

/** The createOrder/validateOrder input. Call after the form validated (amount, country, tnved present). */
export function orderInput(v: OrderFormValues) {
  return {
    paymentType: v.paymentType,
    amount: { amount: normalizeAmount(v.amount) ?? v.amount.trim(), currency: v.currency },
    counterparty: {
      countryCode: v.country?.countryCode ?? '',
      city: v.city.trim(),
      bankName: v.bankName.trim(),
      // SWIFT may be left empty when not found (spec core §5).
      swift: v.swift.trim() ? v.swift.trim().toUpperCase() : null,
    },
    tnvedCode: v.tnved?.code ?? '',
    goodsLocation: (v.goodsLocation || 'NOT_IMPORTED') as GoodsLocationValue,
    paymentDateFrom: v.paymentDateFrom,
    paymentDateTo: v.paymentDateTo,
    comment: v.comment.trim() || null,
    fileIds: v.files.map((f) => f.id),
  };
}

const SERVER_FIELD_MAP: Record<string, keyof OrderFormValues> = {
  paymentType: 'paymentType',
  'amount.amount': 'amount',
  'amount.cost': 'amount',
  amount: 'amount',
  'amount.currency': 'currency',
  currency: 'currency',
  'counterparty.countryCode': 'country',
  countryCode: 'country',
  'counterparty.city': 'city',
  'counterparty.bankName': 'bankName',
  'counterparty.swift': 'swift',
  tnvedCode: 'tnved',
  goodsLocation: 'goodsLocation',
  paymentDateFrom: 'paymentDateFrom',
  paymentDateTo: 'paymentDateTo',
  comment: 'comment',
  fileIds: 'files',
  files: 'files',
};

/** Form field of a server error path ('counterparty.city' → 'city', 'input.amount.cost' → 'amount'); null when unknown. */
export function orderFormField(serverField: string): keyof OrderFormValues | null {
  const path = serverField
    .replace(/^input\./, '')
    .replace(/\[\d+\]$/, '')
    .replace(/\.\d+$/, '');
  return SERVER_FIELD_MAP[path] ?? SERVER_FIELD_MAP[path.split('.').pop() ?? ''] ?? null;
}
