/**
 * Signing certificates as the plug-in's store lists them (spec chat-and-shell §3 "Signing certificate": subject
 * name, surname, patronymic, full name; issuer name, company name, email, tax id; registration numbers, SNILS,
 * position; validFromDate, validToDate, thumbprint, raw body; id = position in the store) and the rule of §4 / §5
 * "Only certificates not yet expired are offered".
 */
import { SigningError } from './pluginMessages';

/** A certificate of the user's store (spec chat §3). Dates are UTC ISO 8601 strings. */
export interface SigningCertificate {
  /** Position in the store, 0-based (spec chat §3 "id, which is its position in the store"). */
  id: number;
  subject: {
    /** First name (the first word of GN / G). */
    name: string | null;
    surname: string | null;
    patronymic: string | null;
    /** CN: the organisation or the holder, as the certificate names it. */
    fullName: string;
    /** Holder's organisation (O). */
    companyName: string | null;
    email: string | null;
  };
  issuer: {
    /** CN of the certification authority. */
    name: string;
    /** O of the certification authority. */
    companyName: string | null;
    email: string | null;
    /** INN of the certification authority (INNLE or INN). */
    taxId: string | null;
  };
  /** Registration numbers: OGRN (legal entity, 13 digits), OGRNIP (sole proprietor, 15), INN of the organisation (10), the holder's INN (12). */
  registration: { ogrn: string | null; ogrnip: string | null; innLe: string | null; inn: string | null };
  snils: string | null;
  /** Position (T). */
  position: string | null;
  validFromDate: string;
  validToDate: string;
  /** SHA-1 thumbprint, upper-case hex. */
  thumbprint: string;
  /** The certificate, base64 of its DER (the raw body). */
  body: string;
}

/** Attribute names of a distinguished name as CryptoPro spells them, and the OIDs of the Russian qualified certificate profile. */
const ALIASES: Record<string, string> = {
  CN: 'CN',
  SN: 'SN',
  G: 'G',
  GN: 'G',
  GIVENNAME: 'G',
  T: 'T',
  TITLE: 'T',
  O: 'O',
  OU: 'OU',
  E: 'E',
  EMAIL: 'E',
  EMAILADDRESS: 'E',
  C: 'C',
  S: 'S',
  ST: 'S',
  L: 'L',
  STREET: 'STREET',
  ИНН: 'INN',
  INN: 'INN',
  'OID.1.2.643.3.131.1.1': 'INN',
  '1.2.643.3.131.1.1': 'INN',
  'ИНН ЮЛ': 'INNLE',
  INNLE: 'INNLE',
  'OID.1.2.643.100.4': 'INNLE',
  '1.2.643.100.4': 'INNLE',
  ОГРН: 'OGRN',
  OGRN: 'OGRN',
  'OID.1.2.643.100.1': 'OGRN',
  '1.2.643.100.1': 'OGRN',
  ОГРНИП: 'OGRNIP',
  OGRNIP: 'OGRNIP',
  'OID.1.2.643.100.5': 'OGRNIP',
  '1.2.643.100.5': 'OGRNIP',
  СНИЛС: 'SNILS',
  SNILS: 'SNILS',
  'OID.1.2.643.100.3': 'SNILS',
  '1.2.643.100.3': 'SNILS',
};

/**
 * Parses a distinguished name in the plug-in's form (`CN="ООО ""Ромашка""", SN=Иванов, ОГРН=1027700132195, …`):
 * comma-separated `name=value` pairs, values optionally in double quotes with `""` for a quote. Names are
 * normalised (CN, SN, G, T, O, E, INN, INNLE, OGRN, OGRNIP, SNILS, …); the first occurrence wins.
 */
export function parseDistinguishedName(dn: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  const n = dn.length;
  while (i < n) {
    while (i < n && /[\s,]/.test(dn[i])) i++;
    const eq = dn.indexOf('=', i);
    if (eq < 0) break;
    const rawKey = dn.slice(i, eq).trim();
    i = eq + 1;
    while (i < n && dn[i] === ' ') i++;
    let value = '';
    if (dn[i] === '"') {
      i++;
      while (i < n) {
        if (dn[i] === '"' && dn[i + 1] === '"') {
          value += '"';
          i += 2;
          continue;
        }
        if (dn[i] === '"') {
          i++;
          break;
        }
        value += dn[i++];
      }
      while (i < n && dn[i] !== ',') i++;
    } else {
      const end = dn.indexOf(',', i);
      // A comma inside an unquoted value is kept when the next part is not `name=`.
      let stop = end < 0 ? n : end;
      while (stop < n && !/^\s*[^,=]+=/.test(dn.slice(stop + 1))) {
        const next = dn.indexOf(',', stop + 1);
        stop = next < 0 ? n : next;
      }
      value = dn.slice(i, stop).trim();
      i = stop;
    }
    const key = ALIASES[rawKey.toUpperCase()] ?? ALIASES[rawKey] ?? rawKey.toUpperCase();
    if (!(key in out)) out[key] = value;
  }
  return out;
}

function toIso(value: unknown): string | null {
  if (value == null || value === '') return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** What the plug-in gives for one certificate of the store. */
export interface PluginCertificateData {
  index: number;
  subjectName: string;
  issuerName: string;
  thumbprint: string;
  validFrom: unknown;
  validTo: unknown;
  body: string;
}

/**
 * Builds the §3 certificate from the plug-in's data. Throws SigningError CERTIFICATE_DATA ('Не удалось получить
 * данные из сертификата', spec chat §8) when the subject or issuer has no CN, the thumbprint is missing or a
 * validity date does not parse.
 */
export function toSigningCertificate(data: PluginCertificateData): SigningCertificate {
  const s = parseDistinguishedName(data.subjectName ?? '');
  const iss = parseDistinguishedName(data.issuerName ?? '');
  const validFromDate = toIso(data.validFrom);
  const validToDate = toIso(data.validTo);
  const thumbprint = String(data.thumbprint ?? '')
    .replace(/\s+/g, '')
    .toUpperCase();
  if (!s.CN || !iss.CN || !validFromDate || !validToDate || !/^[0-9A-F]{40}$/.test(thumbprint)) {
    throw new SigningError('CERTIFICATE_DATA');
  }
  const [name = null, ...rest] = (s.G ?? '').split(/\s+/).filter(Boolean);
  return {
    id: data.index,
    subject: {
      name,
      surname: s.SN || null,
      patronymic: rest.length ? rest.join(' ') : null,
      fullName: s.CN,
      companyName: s.O || null,
      email: s.E || null,
    },
    issuer: { name: iss.CN, companyName: iss.O || null, email: iss.E || null, taxId: iss.INNLE || iss.INN || null },
    registration: { ogrn: s.OGRN || null, ogrnip: s.OGRNIP || null, innLe: s.INNLE || null, inn: s.INN || null },
    snils: s.SNILS || null,
    position: s.T || null,
    validFromDate,
    validToDate,
    thumbprint,
    body: data.body,
  };
}

/** Spec chat §4 "Signing flow" / §5: only certificates not yet expired at `now` are offered (store order kept). */
export function selectableCertificates(
  certificates: readonly SigningCertificate[],
  now: Date = new Date(),
): SigningCertificate[] {
  return certificates.filter((c) => new Date(c.validToDate).getTime() > now.getTime());
}

/** The holder as one line: 'Иванов Иван Иванович' (or the CN when the certificate has no SN / G). */
export function holderName(c: SigningCertificate): string {
  const parts = [c.subject.surname, c.subject.name, c.subject.patronymic].filter(Boolean);
  return parts.length ? parts.join(' ') : c.subject.fullName;
}
