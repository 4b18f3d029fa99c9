/**
 * The public site's claims and constants (spec core §1 "Public marketing claims", §9 "Service fee from 0.4%, calculator
 * minimum 50 000 rubles; payment up to 5 working days; minimum payment $1 000; partner acquiring rate 1 to 1.5% for
 * incoming; card discount 10%"), written once: the landings (web), the fee calculator (domain `deal/calculator`,
 * backend, gateway) and the tests read them from here. Percents and money are decimal strings; no I/O.
 */

/** The lowest service fee, percent of the payment sum ("fee from 0.4%"): the calculator's floor. */
export const MIN_FEE_PERCENT = '0.4';
/** The smallest payment the fee calculator takes, in rubles ("calculator minimum 50 000 rubles"). */
export const CALCULATOR_MIN_AMOUNT_RUB = '50000.00';
/** Longest time a payment takes, working days ("payment takes up to 5 working days"). */
export const PAYMENT_MAX_WORKING_DAYS = 5;
/** Minimum payment ("minimum payment from $1 000"): amount and ISO 4217 currency. */
export const MIN_PAYMENT = { amount: '1000.00', currency: 'USD' } as const;
/** Partner acquiring rates for incoming payments, percent ("1 to 1.5%"). */
export const PARTNER_ACQUIRING_PERCENT = { from: '1', to: '1.5' } as const;
/** Discount on foreign bank cards, percent ("card discount 10%"). */
export const CARD_DISCOUNT_PERCENT = '10';
/** Conversion is at the central bank rate (spec core §1); the rate source named on the landings. */
export const CONVERSION_RATE_SOURCE = 'ЦБ РФ';
