/**
 * X.509 certificate fields of a qualified signature's holder (chat-and-shell §3 "Signing certificate"), read with
 * pkijs. Russian qualified certificates carry the registration numbers as subject attributes (Order of the FSB
 * No. 795): OGRN 1.2.643.100.1, SNILS 1.2.643.100.3, INNLE 1.2.643.100.4, OGRNIP 1.2.643.100.5, personal INN
 * 1.2.643.3.131.1.1.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import { Certificate, type RelativeDistinguishedNames } from 'pkijs';
import type { CertificateInfo } from './types.js';

/** Subject / issuer attribute OIDs used by CertificateInfo. */
export const OID = {
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  givenName: '2.5.4.42',
  organization: '2.5.4.10',
  title: '2.5.4.12',
  email: '1.2.840.113549.1.9.1',
  ogrn: '1.2.643.100.1',
  snils: '1.2.643.100.3',
  innLe: '1.2.643.100.4',
  ogrnip: '1.2.643.100.5',
  inn: '1.2.643.3.131.1.1',
} as const;

function attrText(value: unknown): string | null {
  const v = value as { valueBlock?: { value?: unknown; valueHexView?: Uint8Array } } | undefined;
  const text = v?.valueBlock?.value;
  if (typeof text === 'string') return text.trim() || null;
  return null;
}

/** The first value of attribute `oid` in a distinguished name, as text; null when absent. */
export function nameAttribute(name: RelativeDistinguishedNames, oid: string): string | null {
  for (const tv of name.typesAndValues) if (tv.type === oid) return attrText(tv.value);
  return null;
}

/** Lower-case hex of an INTEGER's bytes without leading zeros ('0' for zero). */
function serialHex(serial: asn1js.Integer): string {
  const hex = Buffer.from(serial.valueBlock.valueHexView).toString('hex').replace(/^0+/, '');
  return hex || '0';
}

/** Parses DER bytes into a pkijs Certificate. Throws when the bytes are not one X.509 certificate. */
export function decodeCertificate(der: Uint8Array): Certificate {
  const asn1 = asn1js.fromBER(new Uint8Array(der));
  if (asn1.offset === -1 || asn1.offset !== der.byteLength) throw new Error('Not a DER certificate');
  return new Certificate({ schema: asn1.result });
}

/** CertificateInfo of an already decoded certificate; `der` is its encoding (for the thumbprint). */
export function certificateInfo(cert: Certificate, der: Uint8Array): CertificateInfo {
  const s = cert.subject;
  const i = cert.issuer;
  return {
    subjectName: nameAttribute(s, OID.commonName),
    surname: nameAttribute(s, OID.surname),
    givenName: nameAttribute(s, OID.givenName),
    organization: nameAttribute(s, OID.organization),
    position: nameAttribute(s, OID.title),
    email: nameAttribute(s, OID.email),
    inn: nameAttribute(s, OID.inn),
    innLe: nameAttribute(s, OID.innLe),
    ogrn: nameAttribute(s, OID.ogrn),
    ogrnip: nameAttribute(s, OID.ogrnip),
    snils: nameAttribute(s, OID.snils),
    issuerName: nameAttribute(i, OID.commonName),
    issuerOrganization: nameAttribute(i, OID.organization),
    issuerEmail: nameAttribute(i, OID.email),
    issuerInn: nameAttribute(i, OID.innLe) ?? nameAttribute(i, OID.inn),
    serialNumber: serialHex(cert.serialNumber),
    thumbprint: createHash('sha1').update(der).digest('hex').toUpperCase(),
    validFrom: cert.notBefore.value.toISOString(),
    validTo: cert.notAfter.value.toISOString(),
  };
}

/**
 * The fields of an X.509 certificate (`der`: its DER bytes) as chat-and-shell §3 "Signing certificate" lists them:
 * subject CN/SN/GN/O/T/e-mail, INN, INNLE, OGRN, OGRNIP, SNILS, issuer CN/O/e-mail/INN, serial (lower-case hex),
 * SHA-1 thumbprint (upper-case hex), validity (UTC ISO 8601). Throws an Error when `der` is not a certificate.
 */
export function parseCertificate(der: Uint8Array): CertificateInfo {
  return certificateInfo(decodeCertificate(der), der);
}

/**
 * The holder as users see it (VerifiedSignature.signerName): 'Surname Given names', with the organisation in
 * parentheses for a company certificate, e.g. 'Иванов Иван Иванович (ООО «Ромашка»)'; the subject CN when the
 * certificate has no SN/GN.
 */
export function signerDisplayName(info: CertificateInfo): string {
  const person = [info.surname, info.givenName].filter(Boolean).join(' ') || info.subjectName || info.serialNumber;
  const org = info.organization && info.organization !== person ? info.organization : null;
  return org ? `${person} (${org})` : person;
}
