/**
 * Parser of the SWIFT/BIC directory in the layout `swift-codes/AllCountries/<ISO2>.json`
 * (spec core §3 "swift institution": swift, institutionName, city, country; §7 /counterparty/swift).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldForSearch } from './text.js';

/** One institution by SWIFT BIC. */
export interface SwiftRecord {
  /** 8 or 11 characters, upper case. */
  swift: string;
  /** `bank` plus ' ' + `branch` when a branch is given. */
  institutionName: string;
  bankName: string;
  branch: string | null;
  city: string | null;
  /** ISO 3166 alpha-2 (`country_code` of the file). */
  countryCode: string;
  nameSearch: string;
}

/** Result of reading a directory: unique records plus counts that explain what was dropped. */
export interface SwiftParseResult {
  records: SwiftRecord[];
  /** Entries read from all files (before removing duplicates). */
  entries: number;
  /** Codes that appeared more than once; the first occurrence (files in name order, then list order) is kept. */
  duplicates: string[];
  /** Files read. */
  files: number;
}

interface RawFile {
  country?: string;
  country_code?: string;
  list?: Array<{ bank?: string; city?: string | null; branch?: string | null; swift_code?: string }>;
}

const SWIFT_RE = /^[A-Z0-9]{8}([A-Z0-9]{3})?$/;

/**
 * Parses one country file (`{ country, country_code, list: [{ bank, city, branch, swift_code }] }`).
 * The country code falls back to the file name (`CN.json` → 'CN'). Entries without a well-formed 8/11-character
 * code are skipped.
 */
export function parseSwiftCountry(
  json: string,
  fileName = '',
): { countryCode: string; records: SwiftRecord[]; entries: number } {
  const data = JSON.parse(json) as RawFile;
  const countryCode = (data.country_code ?? fileName.slice(0, 2)).toUpperCase();
  const records: SwiftRecord[] = [];
  const list = data.list ?? [];
  for (const e of list) {
    const swift = (e.swift_code ?? '').trim().toUpperCase();
    if (!SWIFT_RE.test(swift)) continue;
    const bankName = (e.bank ?? '').trim();
    const branch = e.branch?.trim() || null;
    const institutionName = branch ? `${bankName} ${branch}` : bankName;
    records.push({
      swift,
      institutionName,
      bankName,
      branch,
      city: e.city?.trim() || null,
      countryCode,
      nameSearch: foldForSearch(institutionName),
    });
  }
  return { countryCode, records, entries: list.length };
}

/**
 * Reads every `*.json` of `dir` (the `AllCountries` folder, or its parent `swift-codes/`) in name order and returns
 * unique institutions. Duplicated codes (66 in the 2018 set, all exact repeats inside one file) keep their first
 * occurrence and are listed in `duplicates`.
 */
export function parseSwiftDir(dir: string): SwiftParseResult {
  const folder = readdirSync(dir).includes('AllCountries') ? join(dir, 'AllCountries') : dir;
  const files = readdirSync(folder)
    .filter((f) => f.toLowerCase().endsWith('.json'))
    .sort();
  const seen = new Map<string, SwiftRecord>();
  const duplicates: string[] = [];
  let entries = 0;
  for (const f of files) {
    const parsed = parseSwiftCountry(readFileSync(join(folder, f), 'utf8'), f);
    entries += parsed.entries;
    for (const r of parsed.records) {
      if (seen.has(r.swift)) duplicates.push(r.swift);
      else seen.set(r.swift, r);
    }
  }
  return { records: [...seen.values()], entries, duplicates, files: files.length };
}
