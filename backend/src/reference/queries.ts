/**
 * Read side of the reference directories (spec core §7 "Reference data", search rules §5). Used by the routes of
 * src/routes/reference and available to other domains (orders resolve TN VED names and banks through these).
 * Every query is parameterised (Drizzle builder / sql``); user text reaches LIKE patterns only through escapeLike.
 */
import { and, asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { refBanks, refSwift, refTnved, type RefTnved } from '../db/schema/reference.js';
import { countryNameRu, listCountries } from './countries.js';
import { listCurrencies } from './currencies.js';
import { escapeLike, foldForSearch, searchWords } from './text.js';
import type { TnvedLevel } from './tnved.js';

/** Most rows a search answers (spec core §7: SWIFT, TN VED suggestion and the relevant search answer at most 20). */
export const SEARCH_LIMIT = 20;

/** Bank by BIK as the API shows it (spec core §3 "Bank requisite"). */
export interface BankAnswer {
  /** 9 digits. */
  bankBik: string;
  bankName: string;
  /** 20 digits, or null when the participant has no correspondent account (Bank of Russia offices, treasury…). */
  corrAccount: string | null;
  city: string | null;
  /** Default SWIFT BIC, or null. */
  swift: string | null;
}

/** SWIFT institution as the API shows it (spec core §3 "swift institution"). */
export interface SwiftAnswer {
  swift: string;
  institutionName: string;
  city: string | null;
  /** ISO 3166 alpha-2. */
  country: string;
  /** Russian name of the country ('Китай'). */
  countryName: string;
}

/** TN VED node as the API shows it (spec core §3 "customs code node"). */
export interface TnvedNode {
  /** UUID v5 of the code, 36 characters. */
  keyHash: string;
  parentKeyHash: string | null;
  tnvedCode: string;
  tnvedName: string;
  level: TnvedLevel;
  hasChildren: boolean;
}

/** A section with its groups (GET …/tnved/two-levels). */
export interface TnvedSectionNode extends TnvedNode {
  children: TnvedNode[];
}

/** One hit of the search over all directories (GET …/relevant/search). */
export interface RelevantHit {
  type: 'COUNTRY' | 'CURRENCY' | 'SWIFT' | 'BANK' | 'TNVED';
  code: string;
  name: string;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Maps a stored row to the API node. */
export function toTnvedNode(r: RefTnved): TnvedNode {
  return {
    keyHash: r.keyHash,
    parentKeyHash: r.parentKeyHash,
    tnvedCode: r.code,
    tnvedName: r.name,
    level: r.level as TnvedLevel,
    hasChildren: r.hasChildren,
  };
}

/** True for a 9-digit BIK (spec core §7 /counterparty/bik). */
export function isBik(value: string): boolean {
  return /^\d{9}$/.test(value);
}

/** The bank with this BIK (9 digits), or null when the directory does not know it. */
export async function findBankByBik(db: DbOrTx, bik: string): Promise<BankAnswer | null> {
  const [row] = await db.select().from(refBanks).where(eq(refBanks.bik, bik)).limit(1);
  return row
    ? { bankBik: row.bik, bankName: row.name, corrAccount: row.corrAccount, city: row.city, swift: row.swift }
    : null;
}

/**
 * SWIFT institutions whose code starts with `prefix` (case-insensitive, spaces ignored), ordered by code; when fewer
 * than `limit` codes match, institutions whose name starts with the prefix follow, ordered by name. Blank → [].
 */
export async function searchSwift(db: DbOrTx, prefix: string, limit = SEARCH_LIMIT): Promise<SwiftAnswer[]> {
  const code = prefix.replace(/\s+/g, '').toUpperCase();
  const name = foldForSearch(prefix);
  if (!name) return [];
  const out = /^[A-Z0-9]{1,11}$/.test(code)
    ? await db
        .select()
        .from(refSwift)
        .where(like(refSwift.swift, `${escapeLike(code)}%`))
        .orderBy(asc(refSwift.swift))
        .limit(limit)
    : [];
  if (out.length < limit) {
    const seen = new Set(out.map((r) => r.swift));
    const byName = await db
      .select()
      .from(refSwift)
      .where(like(refSwift.nameSearch, `${escapeLike(name)}%`))
      .orderBy(asc(refSwift.nameSearch), asc(refSwift.swift))
      .limit(limit);
    for (const r of byName) if (out.length < limit && !seen.has(r.swift)) out.push(r);
  }
  return out.map((r) => ({
    swift: r.swift,
    institutionName: r.institutionName,
    city: r.city,
    country: r.countryCode,
    countryName: countryNameRu(r.countryCode),
  }));
}

/** The stored node with this code ('XVI', '84', '8471', '8471300000'), or null. */
export async function findTnvedByCode(db: DbOrTx, code: string): Promise<TnvedNode | null> {
  const [row] = await db.select().from(refTnved).where(eq(refTnved.code, code)).limit(1);
  return row ? toTnvedNode(row) : null;
}

/** The stored node with this key hash (a UUID, 36 characters), or null. */
export async function findTnvedByKeyHash(db: DbOrTx, keyHash: string): Promise<TnvedNode | null> {
  const [row] = await db.select().from(refTnved).where(eq(refTnved.keyHash, keyHash.toLowerCase())).limit(1);
  return row ? toTnvedNode(row) : null;
}

/** All sections (I…XXI) in official order, each with its groups (spec core §7 …/tnved/two-levels). */
export async function tnvedTwoLevels(db: DbOrTx): Promise<TnvedSectionNode[]> {
  const rows = await db
    .select()
    .from(refTnved)
    .where(inArray(refTnved.level, ['SECTION', 'GROUP']))
    .orderBy(asc(refTnved.sortOrder));
  const sections = new Map<string, TnvedSectionNode>();
  for (const r of rows) {
    if (r.level === 'SECTION') sections.set(r.keyHash, { ...toTnvedNode(r), children: [] });
    else if (r.parentKeyHash) sections.get(r.parentKeyHash)?.children.push(toTnvedNode(r));
  }
  return [...sections.values()];
}

/** Children of the node with key hash `parentKeyHash`, in official order ([] for a 10-digit code). */
export async function tnvedChildren(db: DbOrTx, parentKeyHash: string): Promise<TnvedNode[]> {
  const rows = await db
    .select()
    .from(refTnved)
    .where(eq(refTnved.parentKeyHash, parentKeyHash))
    .orderBy(asc(refTnved.sortOrder));
  return rows.map(toTnvedNode);
}

/**
 * TN VED suggestion (spec core §5): `codeSuggest` matches codes starting with it (spaces and dots ignored; Roman
 * numerals match sections), `nameSuggest` matches names containing every one of its words (case-insensitive,
 * 'ё' = 'е'). Both given → both must hold. Nodes of every level, in official (depth-first) order, at most `limit`.
 * Nothing usable given → [].
 */
export async function tnvedSuggest(
  db: DbOrTx,
  q: { codeSuggest?: string; nameSuggest?: string },
  limit = SEARCH_LIMIT,
): Promise<TnvedNode[]> {
  const conds: SQL[] = [];
  const code = (q.codeSuggest ?? '').replace(/[\s.]+/g, '').toUpperCase();
  if (code) {
    if (!/^(\d{1,10}|[IVXLC]{1,6})$/.test(code)) return [];
    conds.push(like(refTnved.code, `${escapeLike(code)}%`));
  }
  for (const w of searchWords(q.nameSuggest ?? '')) conds.push(like(refTnved.nameSearch, `%${escapeLike(w)}%`));
  if (!conds.length) return [];
  const rows = await db
    .select()
    .from(refTnved)
    .where(and(...conds))
    .orderBy(asc(refTnved.sortOrder))
    .limit(limit);
  return rows.map(toTnvedNode);
}

/** Banks whose BIK starts with the digits of `prefix`, or whose name has a word starting with it; head offices first. */
async function searchBanks(db: DbOrTx, prefix: string, limit: number): Promise<RelevantHit[]> {
  const p = foldForSearch(prefix);
  const e = escapeLike(p);
  const where = /^\d+$/.test(p)
    ? like(refBanks.bik, `${e}%`)
    : or(
        like(refBanks.nameSearch, `${e}%`),
        like(refBanks.nameSearch, `% ${e}%`),
        like(refBanks.nameSearch, `%"${e}%`),
      );
  // Head offices (PtType 20) before branches and liquidators, then shorter names: 'сбербанк' → 'ПАО Сбербанк' first.
  const rows = await db
    .select({ bik: refBanks.bik, name: refBanks.name })
    .from(refBanks)
    .where(where)
    .orderBy(sql`(${refBanks.ptType} = '20') desc`, sql`length(${refBanks.name})`, asc(refBanks.bik))
    .limit(limit);
  return rows.map((r) => ({ type: 'BANK' as const, code: r.bik, name: r.name }));
}

/** TN VED nodes whose code starts with `prefix` (digits) or whose name has a word starting with it. */
async function searchTnved(db: DbOrTx, prefix: string, limit: number): Promise<RelevantHit[]> {
  const p = foldForSearch(prefix);
  const e = escapeLike(p);
  const where = /^\d+$/.test(p)
    ? like(refTnved.code, `${e}%`)
    : or(like(refTnved.nameSearch, `${e}%`), like(refTnved.nameSearch, `% ${e}%`));
  const rows = await db
    .select({ code: refTnved.code, name: refTnved.name })
    .from(refTnved)
    .where(where)
    .orderBy(asc(refTnved.sortOrder))
    .limit(limit);
  return rows.map((r) => ({ type: 'TNVED' as const, code: r.code, name: r.name }));
}

/**
 * One search box over all directories (designed in docs/rest-api.md, spec core §7 …/relevant/search): countries,
 * currencies, banks by BIK, SWIFT institutions and TN VED nodes matching `prefix`. At most `limit` hits in the type
 * order COUNTRY, CURRENCY, BANK, SWIFT, TNVED; each type first gets an equal share (limit / 5), leftover slots go
 * to the remaining hits in the same type order. Blank → [].
 */
export async function relevantSearch(db: DbOrTx, prefix: string, limit = SEARCH_LIMIT): Promise<RelevantHit[]> {
  if (!foldForSearch(prefix)) return [];
  const groups: RelevantHit[][] = [
    listCountries(prefix)
      .slice(0, limit)
      .map((c) => ({ type: 'COUNTRY' as const, code: c.countryCode, name: c.countryName })),
    listCurrencies(prefix)
      .slice(0, limit)
      .map((c) => ({ type: 'CURRENCY' as const, code: c.currencyCode, name: c.currencyName })),
    await searchBanks(db, prefix, limit),
    (await searchSwift(db, prefix, limit)).map((s) => ({
      type: 'SWIFT' as const,
      code: s.swift,
      name: s.institutionName,
    })),
    await searchTnved(db, prefix, limit),
  ];
  const share = Math.floor(limit / groups.length);
  const taken = groups.map((g) => g.slice(0, share));
  let room = limit - taken.reduce((n, g) => n + g.length, 0);
  for (let i = 0; i < groups.length && room > 0; i++) {
    const extra = groups[i].slice(share, share + room);
    taken[i].push(...extra);
    room -= extra.length;
  }
  return taken.flat();
}

/** Number of rows of a reference table (import checks, tests). */
export async function countRows(
  db: DbOrTx,
  table: typeof refBanks | typeof refSwift | typeof refTnved,
): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${table}`));
  return Number(r.n);
}
