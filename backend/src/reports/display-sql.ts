/**
 * Display statuses in SQL for the reports (issue 12), derived from the ONE rule of `@platform/domain/deal/display`.
 *
 * The display statuses of spec core §4 depend on the order status and its leading offer (its status and whether the
 * agent signs). The SQL here never restates the rule: at module load it asks the domain functions
 *  - which offer statuses can lead and how they rank (`clientLeadingOffer` / `operatorLeadingOffer` on every pair of
 *    statuses; a status ranks above another when it wins against it placed second), and
 *  - the display code of every (order status, leading offer status or none, agent signs) combination
 *    (`clientDisplayStatus` / `operatorDisplayStatus` with that single offer), and of every (offer status, order
 *    status) pair for the payment agent (`partnerDisplayStatus`),
 * and turns the answers into SQL `CASE` / `VALUES` tables. The leading offer is then chosen in SQL with that rank
 * (ties: the lowest partner order id, as the domain's "first in input order" with offers given by id).
 * Only constants of the domain end up in the SQL text (no user input).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  clientDisplayStatus,
  clientLeadingOffer,
  operatorDisplayStatus,
  operatorLeadingOffer,
  partnerDisplayStatus,
  type DisplayOffer,
} from '@platform/domain/deal/display';
import { OFFER_STATUSES, ORDER_STATUSES, type OfferStatus } from '@platform/domain/deal/statuses';

type Leader = (offers: readonly DisplayOffer[]) => DisplayOffer | undefined;
type Shower = (orderStatus: (typeof ORDER_STATUSES)[number], offers: readonly DisplayOffer[]) => { code: string };

const q = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** Rank of each offer status that can lead (higher wins), from the domain's leading-offer function. */
export function leadRanks(leader: Leader): Map<OfferStatus, number> {
  const ranks = new Map<OfferStatus, number>();
  for (const s of OFFER_STATUSES) {
    if (!leader([{ status: s }])) continue;
    let rank = 0;
    for (const t of OFFER_STATUSES) {
      const second: DisplayOffer = { status: s };
      if (t !== s && leader([{ status: t }]) && leader([{ status: t }, second]) === second) rank++;
    }
    ranks.set(s, rank);
  }
  return ranks;
}

function rankCase(ranks: Map<OfferStatus, number>, column: string): string {
  const whens = [...ranks].map(([s, r]) => `when ${q(s)} then ${r}`).join(' ');
  return `(case ${column} ${whens} end)`;
}

function displayValues(ranks: Map<OfferStatus, number>, show: Shower): string {
  const rows: string[] = [];
  for (const os of ORDER_STATUSES) {
    rows.push(`(${q(os)}, null, false, ${q(show(os, []).code)})`);
    for (const ls of ranks.keys())
      for (const sign of [false, true])
        rows.push(`(${q(os)}, ${q(ls)}, ${sign}, ${q(show(os, [{ status: ls, partnerSignRequired: sign }]).code)})`);
  }
  return `(values ${rows.join(', ')})`;
}

const CLIENT_RANKS = leadRanks(clientLeadingOffer);
const OPERATOR_RANKS = leadRanks(operatorLeadingOffer);

/**
 * A lateral subquery giving the leading offer of order `o` for the role: columns `status`, `sign`, `partner_order_id`,
 * `partner_company_id`; no row when no offer leads.
 */
function leadLateral(ranks: Map<OfferStatus, number>, alias: string): SQL {
  return sql.raw(
    `left join lateral (select lpo.status, lpo.partner_sign_required as sign, lpo.id as partner_order_id, ` +
      `lpo.partner_company_id from partner_orders lpo where lpo.order_id = o.id and ${rankCase(ranks, 'lpo.status')} is not null ` +
      `order by ${rankCase(ranks, 'lpo.status')} desc, lpo.id asc limit 1) ${alias} on true`,
  );
}

/** The client's leading offer of `o` as lateral `cl` (used by every role for the accepted offer's fee). */
export const CLIENT_LEAD_JOIN = leadLateral(CLIENT_RANKS, 'cl');
/** The operator's leading offer of `o` as lateral `ol`. */
export const OPERATOR_LEAD_JOIN = leadLateral(OPERATOR_RANKS, 'ol');

/** The client's display status code of `o` (needs {@link CLIENT_LEAD_JOIN}). */
export const CLIENT_DISPLAY_SQL = sql.raw(
  `(select m.code from ${displayValues(CLIENT_RANKS, clientDisplayStatus)} m(os, ls, sg, code) ` +
    `where m.os = o.status and m.ls is not distinct from cl.status and m.sg = coalesce(cl.sign, false))`,
);
/** The operator's display status code of `o` (needs {@link OPERATOR_LEAD_JOIN}). */
export const OPERATOR_DISPLAY_SQL = sql.raw(
  `(select m.code from ${displayValues(OPERATOR_RANKS, operatorDisplayStatus)} m(os, ls, sg, code) ` +
    `where m.os = o.status and m.ls is not distinct from ol.status and m.sg = coalesce(ol.sign, false))`,
);

/** The payment agent's display code of his partner order `mpo` of order `o`. */
export const PARTNER_DISPLAY_SQL = sql.raw(
  `(select m.code from (values ${OFFER_STATUSES.flatMap((s) =>
    ORDER_STATUSES.map((os) => `(${q(s)}, ${q(os)}, ${q(partnerDisplayStatus(s, os).code)})`),
  ).join(', ')}) m(ps, os, code) where m.ps = mpo.status and m.os = o.status)`,
);

/**
 * Offer statuses from which an offer counts as accepted by the client (its fee is the deal's): the statuses that
 * lead for the client and rank at least as ACCEPTED (ACCEPTED … EXECUTED).
 */
export const ACCEPTED_OFFER_STATUSES: readonly OfferStatus[] = [...CLIENT_RANKS]
  .filter(([, r]) => r >= CLIENT_RANKS.get('ACCEPTED')!)
  .map(([s]) => s);
