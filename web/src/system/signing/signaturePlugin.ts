/**
 * The small interface the screens sign through (issue 8; spec chat-and-shell §1 "signing needs an installed
 * plug-in", §4 "Signing flow": basic CAdES, detached). The product implementation is the CryptoPro browser
 * plug-in through the `crypto-pro` package (cryptoProPlugin.ts); end-to-end tests inject a fake
 * `window.cadesplugin` with the real plug-in's API (tests/support/fake-cades-plugin.ts), so the same adapter runs.
 * Every failure is a SigningError with the exact texts of spec chat §5 / §8 (pluginMessages.ts).
 */
import type { SigningCertificate } from './certificate';

export interface SignaturePlugin {
  /**
   * Loads the plug-in (at most once at a time; a failed load may be retried). `timeoutMs` defaults to 20 000
   * (spec chat §9). Rejects with SigningError: PLUGIN_UNAVAILABLE, PLUGIN_TIMEOUT, PLUGIN_NO_OBJECTS,
   * PLUGIN_LOAD_ERROR or OLD_IE.
   */
  load(timeoutMs?: number): Promise<void>;
  /**
   * Certificates of the user's personal store that have a private key, with the fields of spec chat §3
   * (loads the plug-in first). Unreadable entries are skipped; when none is readable, rejects with
   * CERTIFICATE_DATA ('Не удалось получить данные из сертификата'). Filter with `selectableCertificates`.
   */
  listCertificates(): Promise<SigningCertificate[]>;
  /**
   * Signs `bytes` with the certificate's key: answers base64 of a DER CMS SignedData, CAdES-BES, detached
   * (signing-time attribute; digest by the key's algorithm: GOST R 34.11-2012 256/512 for GOST keys, SHA-256
   * otherwise). Rejects with SigningError CERTIFICATE_DATA (not in the store) or SIGN_FAILED.
   */
  signDetached(thumbprint: string, bytes: Uint8Array): Promise<string>;
}
