/**
 * Parser of the TN VED EAEU nomenclature in the hierarchical JSON of tnved-eaeu/tnved.json
 * (spec core §3 "customs code node": keyHash, parentKeyHash, tnvedCode, tnvedName, children; §5; §9 key hash 36 chars).
 *
 * Levels and codes: SECTION 'I'…'XXI' (the file's `chapter` key holds the section number 01…21),
 * GROUP 2 digits, HEADING 4 digits, SUBHEADING 10 digits. The key hash is the UUID v5 of the code in
 * {@link TNVED_NAMESPACE}, so it is stable across imports and databases.
 */
import { v5 as uuidv5 } from 'uuid';
import { foldForSearch } from './text.js';

/** Fixed UUID v5 namespace of TN VED key hashes. Never change it: key hashes are stored in orders and URLs. */
export const TNVED_NAMESPACE = '2f6c1f9e-5d0b-4b8e-9a53-6c2d3e1a7b40';

export type TnvedLevel = 'SECTION' | 'GROUP' | 'HEADING' | 'SUBHEADING';

/** One node of the tree, flattened; `sortOrder` is the depth-first position (0-based). */
export interface TnvedRecord {
  keyHash: string;
  parentKeyHash: string | null;
  code: string;
  name: string;
  nameSearch: string;
  level: TnvedLevel;
  sortOrder: number;
  hasChildren: boolean;
}

interface RawSub {
  code?: string;
  naim?: string;
}
interface RawGood extends RawSub {
  subs?: RawSub[] | null;
}
interface RawGroup extends RawSub {
  goods?: RawGood[] | null;
}
interface RawSection {
  chapter?: string;
  naim?: string;
  groups?: RawGroup[] | null;
}

const ROMAN: Array<[number, string]> = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** Roman numeral of a positive integer: 16 → 'XVI'. */
export function toRoman(n: number): string {
  let out = '';
  for (const [v, s] of ROMAN)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

/** Key hash of a TN VED code: UUID v5 of the code ('XVI', '84', '8471', '8471300000') in TNVED_NAMESPACE. 36 characters. */
export function tnvedKeyHash(code: string): string {
  return uuidv5(code, TNVED_NAMESPACE);
}

/** Level of a code by its shape: Roman numeral → SECTION, 2 digits → GROUP, 4 → HEADING, 10 → SUBHEADING; else null. */
export function tnvedLevelOf(code: string): TnvedLevel | null {
  if (/^[IVXLC]+$/.test(code)) return 'SECTION';
  if (/^\d{2}$/.test(code)) return 'GROUP';
  if (/^\d{4}$/.test(code)) return 'HEADING';
  if (/^\d{10}$/.test(code)) return 'SUBHEADING';
  return null;
}

/**
 * Flattens the tnved.json tree (a JSON string, a Buffer, or the parsed array) into nodes in depth-first order.
 * Skipped: sections whose number is not 1…21 or whose `groups` is not a list (the artefact
 * `{"chapter":"22","naim":"FIFA2018","groups":null}`), and rows whose code does not have the shape of its level.
 * A code repeated in the file keeps its first occurrence.
 */
export function parseTnved(input: string | Buffer | unknown): TnvedRecord[] {
  const data = (
    typeof input === 'string' || Buffer.isBuffer(input) ? JSON.parse(input.toString()) : input
  ) as RawSection[];
  if (!Array.isArray(data)) throw new Error('tnved.json: a JSON array of sections was expected');
  const out: TnvedRecord[] = [];
  const seen = new Set<string>();
  const add = (
    code: string,
    name: string | undefined,
    level: TnvedLevel,
    parent: TnvedRecord | null,
  ): TnvedRecord | null => {
    if (tnvedLevelOf(code) !== level || seen.has(code)) return null;
    seen.add(code);
    const text = (name ?? '').trim();
    const rec: TnvedRecord = {
      keyHash: tnvedKeyHash(code),
      parentKeyHash: parent?.keyHash ?? null,
      code,
      name: text,
      nameSearch: foldForSearch(text),
      level,
      sortOrder: out.length,
      hasChildren: false,
    };
    if (parent) parent.hasChildren = true;
    out.push(rec);
    return rec;
  };
  for (const s of data) {
    const num = Number(s.chapter);
    if (!Number.isInteger(num) || num < 1 || num > 21 || !Array.isArray(s.groups)) continue;
    const section = add(toRoman(num), s.naim, 'SECTION', null);
    if (!section) continue;
    for (const g of s.groups) {
      const group = add(String(g.code ?? ''), g.naim, 'GROUP', section);
      if (!group) continue;
      for (const h of g.goods ?? []) {
        const heading = add(String(h.code ?? ''), h.naim, 'HEADING', group);
        if (!heading) continue;
        for (const sub of h.subs ?? []) add(String(sub.code ?? ''), sub.naim, 'SUBHEADING', heading);
      }
    }
  }
  return out;
}
