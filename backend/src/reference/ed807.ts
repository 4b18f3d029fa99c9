/**
 * Parser of the Bank of Russia BIK directory ED807 (UFEBS, namespace urn:cbr-ru:ed:v2.0), as published daily in
 * `YYYYMMDD_ED807_full.xml` (spec core §3 "Bank requisite": bankBik, bankName, corrAccount; §7 /counterparty/bik).
 * Pure: bytes in, records out.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import iconv from 'iconv-lite';
import { foldForSearch } from './text.js';

/** One bank (participant) of the directory. Strings are as published; absent attributes are null. */
export interface BankRecord {
  /** БИК, 9 digits. */
  bik: string;
  /** `ParticipantInfo/@NameP`. */
  name: string;
  /** Folded name for search. */
  nameSearch: string;
  englName: string | null;
  /** The CRSA (correspondent) account, 20 digits, or null when the entry has none. */
  corrAccount: string | null;
  /** `@Nnp`, e.g. 'Москва'. */
  city: string | null;
  settlementType: string | null;
  address: string | null;
  postalIndex: string | null;
  region: string | null;
  ptType: string | null;
  parentBik: string | null;
  /** The default SWIFT BIC (`DefaultSWBIC="1"`), else the first one, else null. */
  swift: string | null;
  /** Every SWIFT BIC of the entry, default first. */
  swiftCodes: string[];
  /** True when `ParticipantInfo` carries a `RstrList`. */
  restricted: boolean;
  participantStatus: string | null;
}

type Attrs = Record<string, string | undefined>;
interface RawAccount extends Attrs {
  '@_Account'?: string;
  '@_RegulationAccountType'?: string;
  '@_AccountStatus'?: string;
}
interface RawEntry {
  '@_BIC'?: string;
  ParticipantInfo?: Attrs & { RstrList?: unknown[] };
  Accounts?: RawAccount[];
  SWBICS?: Attrs[];
}

/** Encoding named in the XML declaration (`<?xml … encoding="WINDOWS-1251"?>`), default windows-1251 (the official one). */
function declaredEncoding(head: Buffer): string {
  const m = /encoding\s*=\s*["']([A-Za-z0-9_-]+)["']/.exec(head.subarray(0, 200).toString('latin1'));
  const enc = m?.[1]?.toLowerCase() ?? 'windows-1251';
  return iconv.encodingExists(enc) ? enc : 'windows-1251';
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // BIC '044525225' and account numbers must stay strings with their leading zeros.
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name) => ['BICDirectoryEntry', 'Accounts', 'SWBICS', 'RstrList', 'AccRstrList'].includes(name),
});

const nz = (v: string | undefined): string | null => (v === undefined || v === '' ? null : v);

/**
 * Parses an ED807 file (bytes as read from disk; decoded from the encoding its XML declaration names, windows-1251
 * by default) into one record per `BICDirectoryEntry`, in file order.
 * Mapping: bik = `@BIC`; name = `ParticipantInfo/@NameP`; corrAccount = `Accounts[@RegulationAccountType='CRSA']/@Account`
 * (the first one when several); city = `@Nnp`; swift = the `SWBICS` entry with `DefaultSWBIC="1"`.
 * @throws Error when the document has no ED807 root element.
 */
export function parseEd807(buffer: Buffer): BankRecord[] {
  const xml = iconv.decode(buffer, declaredEncoding(buffer));
  const doc = parser.parse(xml) as { ED807?: { BICDirectoryEntry?: RawEntry[] } };
  if (!doc.ED807) throw new Error('ED807: root element <ED807> not found');
  const out: BankRecord[] = [];
  for (const e of doc.ED807.BICDirectoryEntry ?? []) {
    const bik = e['@_BIC'];
    const p = e.ParticipantInfo ?? {};
    if (!bik) continue;
    const crsa = (e.Accounts ?? []).find((a) => a['@_RegulationAccountType'] === 'CRSA');
    const sw = e.SWBICS ?? [];
    const swiftCodes = [...sw]
      .sort((a, b) => Number(b['@_DefaultSWBIC'] === '1') - Number(a['@_DefaultSWBIC'] === '1'))
      .map((s) => s['@_SWBIC'])
      .filter((s): s is string => !!s);
    const name = p['@_NameP'] ?? '';
    out.push({
      bik,
      name,
      nameSearch: foldForSearch(name),
      englName: nz(p['@_EnglName']),
      corrAccount: nz(crsa?.['@_Account']),
      city: nz(p['@_Nnp']),
      settlementType: nz(p['@_Tnp']),
      address: nz(p['@_Adr']),
      postalIndex: nz(p['@_Ind']),
      region: nz(p['@_Rgn']),
      ptType: nz(p['@_PtType']),
      parentBik: nz(p['@_PrntBIC']),
      swift: swiftCodes[0] ?? null,
      swiftCodes,
      restricted: Array.isArray(p.RstrList) && p.RstrList.length > 0,
      participantStatus: nz(p['@_ParticipantStatus']),
    });
  }
  return out;
}

/**
 * The ED807 file of a `cbr-bik-ed807/` directory: the newest `*ED807*.xml` by name (names start with YYYYMMDD),
 * or null when there is none.
 */
export function findEd807File(dir: string): string | null {
  const files = readdirSync(dir)
    .filter((f) => /ED807.*\.xml$/i.test(f))
    .sort();
  return files.length ? join(dir, files[files.length - 1]) : null;
}
