/**
 * What the client pays for an offer, for the side-by-side comparison (spec core §2 "review of offers").
 *
 * The schema gives an offer its payment sum, rate (RUB per unit, 4 decimals) and total commission in RUB, but no
 * total to pay (only the payment agent's `OfferTerms.breakdown.totalToPay`). Until `Offer.totalToPay` exists this
 * follows the server's formula exactly, in integer arithmetic (never floats, DESIGN "Money"):
 *   SENDING:   totalToPay = round2(round2(paymentSum) × round4(course)) + totalCommission   (RUB)
 *   RECEIVING: the money comes from abroad; the client pays the commission only.
 * Rounding is half away from zero. Returns a decimal string with 2 decimals, or null when an input is missing.
 */

interface Fixed {
  units: bigint;
  scale: number;
}

function parse(value: string): Fixed | null {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const frac = m[3] ?? '';
  const units = BigInt(m[2] + frac) * (m[1] ? -1n : 1n);
  return { units, scale: frac.length };
}

function round(v: Fixed, scale: number): Fixed {
  if (v.scale <= scale) return { units: v.units * 10n ** BigInt(scale - v.scale), scale };
  const div = 10n ** BigInt(v.scale - scale);
  const neg = v.units < 0n;
  const abs = neg ? -v.units : v.units;
  let q = abs / div;
  if ((abs % div) * 2n >= div) q += 1n;
  return { units: neg ? -q : q, scale };
}

function toText(v: Fixed): string {
  const neg = v.units < 0n;
  const digits = (neg ? -v.units : v.units).toString().padStart(v.scale + 1, '0');
  const int = digits.slice(0, digits.length - v.scale);
  const frac = v.scale > 0 ? `.${digits.slice(digits.length - v.scale)}` : '';
  return `${neg ? '-' : ''}${int}${frac}`;
}

export function offerTotalToPay(input: {
  paymentType: string;
  paymentSum: string | null | undefined;
  course: string | null | undefined;
  totalCommission: string | null | undefined;
}): string | null {
  const commission = input.totalCommission != null ? parse(input.totalCommission) : null;
  if (!commission) return null;
  const c2 = round(commission, 2);
  if (input.paymentType === 'RECEIVING') return toText(c2);
  const sum = input.paymentSum != null ? parse(input.paymentSum) : null;
  const course = input.course != null ? parse(input.course) : null;
  if (!sum || !course) return null;
  const a = round(sum, 2);
  const r = round(course, 4);
  const converted = round({ units: a.units * r.units, scale: a.scale + r.scale }, 2);
  return toText({ units: converted.units + c2.units, scale: 2 });
}
