/**
 * The public claims of spec core §1 and §9, formatted for a locale from the one source `@platform/domain/site/claims`
 * (no number of the claims is written in the pages themselves).
 */
import {
  CALCULATOR_MIN_AMOUNT_RUB,
  CARD_DISCOUNT_PERCENT,
  MIN_FEE_PERCENT,
  MIN_PAYMENT,
  PARTNER_ACQUIRING_PERCENT,
  PAYMENT_MAX_WORKING_DAYS,
} from '@platform/domain/site/claims';
import type { Locale } from '../../system/i18n';

/**
 * A decimal string as the locale writes it, keeping every decimal given (money '928620.50' → '928 620,50' / '928,620.50',
 * a rate '92.4000' → '92,4000'): spec core §9 amounts with 2 decimals, rates with 4.
 */
export function formatDecimalString(value: string, locale: Locale): string {
  const [int, frac = ''] = value.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'ru' ? '\u00a0' : ',');
  return frac ? `${grouped}${locale === 'ru' ? ',' : '.'}${frac}` : grouped;
}

/** A decimal string as the locale writes it, trailing zeros dropped: '0.4' → '0,4' (ru) / '0.4' (en); '50000.00' → '50 000' / '50,000'. */
export function formatNumber(value: string, locale: Locale): string {
  const [int, frac = ''] = value.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return formatDecimalString(trimmed ? `${int}.${trimmed}` : int, locale);
}

/** A percent: '0,4 %' (ru, with a narrow no-break space) / '0.4%' (en). */
export function formatPercentClaim(value: string, locale: Locale): string {
  return locale === 'ru' ? `${formatNumber(value, locale)}\u00a0%` : `${formatNumber(value, locale)}%`;
}

/** The claims of spec core §1/§9 as display strings of `locale`. */
export function claims(locale: Locale) {
  return {
    minFee: formatPercentClaim(MIN_FEE_PERCENT, locale),
    calculatorMin:
      locale === 'ru'
        ? `${formatNumber(CALCULATOR_MIN_AMOUNT_RUB, locale)}\u00a0₽`
        : `RUB ${formatNumber(CALCULATOR_MIN_AMOUNT_RUB, locale)}`,
    workingDays: String(PAYMENT_MAX_WORKING_DAYS),
    minPayment: `$${formatNumber(MIN_PAYMENT.amount, locale)}`,
    acquiring: `${formatNumber(PARTNER_ACQUIRING_PERCENT.from, locale)}–${formatPercentClaim(PARTNER_ACQUIRING_PERCENT.to, locale)}`,
    cardDiscount: formatPercentClaim(CARD_DISCOUNT_PERCENT, locale),
  };
}
