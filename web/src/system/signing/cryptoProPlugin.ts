/**
 * SignaturePlugin over the CryptoPro browser plug-in, through the `crypto-pro` package (its bundled
 * cadesplugin_api.js loads the plug-in via the browser extension and exposes `window.cadesplugin`, a promise
 * that settles when the plug-in answers or rejects with the texts of spec chat-and-shell §8).
 *
 * Loading (spec chat §8, §9): `window.cadesplugin_load_timeout` — the cadesplugin API's own setting — is set to
 * the time-out (20 s by default); the adapter also races the load against the same time-out, so a plug-in that
 * never answers ends with 'Истекло время ожидания загрузки плагина'. The rejection of `window.cadesplugin` is read
 * directly because `crypto-pro` replaces these texts with its own generic one. A time-out already set in
 * `window.cadesplugin_load_timeout` before the first load is respected (the tests set it; the product never does,
 * so the product default stays 20 s).
 */
import { PLUGIN_LOAD_TIMEOUT_MS, SigningError, pluginLoadError, signFailure } from './pluginMessages';
import { toSigningCertificate, type SigningCertificate } from './certificate';
import type { SignaturePlugin } from './signaturePlugin';

/** The part of `crypto-pro` the adapter calls. */
export interface CryptoProApi {
  getSystemInfo(): Promise<{ cadesVersion: string | null; cspVersion: string | null }>;
  isValidSystemSetup(): Promise<boolean>;
  getUserCertificates(resetCache?: boolean): Promise<CryptoProCertificate[]>;
  getCertificate(thumbprint: string): Promise<CryptoProCertificate>;
  createHash(message: ArrayBuffer, options?: { hashedAlgorithm?: number }): Promise<string>;
  createDetachedSignature(
    thumbprint: string,
    messageHash: string,
    options?: { hashedAlgorithm?: number },
  ): Promise<string>;
}

/** The part of `crypto-pro`'s Certificate the adapter reads. */
export interface CryptoProCertificate {
  subjectName: string;
  issuerName: string;
  thumbprint: string;
  validFrom: unknown;
  validTo: unknown;
  exportBase64(): Promise<string>;
  getAlgorithm(): Promise<{ algorithm: string | null; oid: string | null }>;
}

/** The globals the cadesplugin API reads and writes. */
export interface CadesWindow {
  cadesplugin?: unknown;
  cadesplugin_load_timeout?: number;
  document?: { documentMode?: number };
}

/** CADESCOM_HASH_ALGORITHM_* by the public key algorithm OID (CryptoPro CAdESCOM constants). */
const HASH_BY_KEY_OID: Record<string, number> = {
  '1.2.643.7.1.1.1.1': 101, // GOST R 34.10-2012 256 → GOST R 34.11-2012 256
  '1.2.643.7.1.1.1.2': 102, // GOST R 34.10-2012 512 → GOST R 34.11-2012 512
  '1.2.643.2.2.19': 100, // GOST R 34.10-2001 → GOST R 34.11-94
  '1.2.840.113549.1.1.1': 4, // RSA → SHA-256
  '1.2.840.10045.2.1': 4, // ECDSA → SHA-256
};
const DEFAULT_HASH = 101;

function messageOf(e: unknown): string | undefined {
  if (typeof e === 'string') return e;
  if (e instanceof Error) return e.message;
  return undefined;
}

function deadline(ms: number): { promise: Promise<never>; clear(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SigningError('PLUGIN_TIMEOUT')), ms);
  });
  promise.catch(() => {});
  return { promise, clear: () => clearTimeout(timer) };
}

export interface CryptoProPluginDeps {
  /** Loads the `crypto-pro` module (default: a dynamic import, so the app's first load stays small). */
  importModule?: () => Promise<CryptoProApi>;
  /** The window (default: the global one). */
  win?: CadesWindow;
}

async function importCryptoPro(): Promise<CryptoProApi> {
  const m = (await import('crypto-pro')) as unknown as CryptoProApi & { default?: CryptoProApi };
  return typeof m.getUserCertificates === 'function' ? m : (m.default as CryptoProApi);
}

/** Creates the CryptoPro adapter (one per page: the plug-in API is global). */
export function createCryptoProPlugin(deps: CryptoProPluginDeps = {}): SignaturePlugin {
  const importModule = deps.importModule ?? importCryptoPro;
  const win: CadesWindow = deps.win ?? (window as unknown as CadesWindow);
  let loading: Promise<CryptoProApi> | null = null;

  async function doLoad(timeoutMs: number): Promise<CryptoProApi> {
    const mode = win.document?.documentMode;
    if (typeof mode === 'number' && mode < 9) throw new SigningError('OLD_IE');
    win.cadesplugin_load_timeout = timeoutMs;
    const timer = deadline(timeoutMs);
    try {
      let api: CryptoProApi;
      try {
        api = await Promise.race([importModule(), timer.promise]);
      } catch (e) {
        throw e instanceof SigningError ? e : new SigningError('PLUGIN_LOAD_ERROR', messageOf(e));
      }
      // getSystemInfo loads cadesplugin_api (which sets window.cadesplugin) and waits for the plug-in.
      const info = api.getSystemInfo();
      info.catch(() => {});
      const plugin = win.cadesplugin;
      if (!plugin) throw new SigningError('PLUGIN_LOAD_ERROR');
      await Promise.race([
        Promise.resolve(plugin).then(
          () => undefined,
          (reason: unknown) => {
            throw pluginLoadError(reason);
          },
        ),
        timer.promise,
      ]);
      try {
        await Promise.race([info, timer.promise]);
      } catch (e) {
        // The plug-in answered but its objects cannot be created (CAdESCOM.About failed).
        throw e instanceof SigningError ? e : new SigningError('PLUGIN_NO_OBJECTS', messageOf(e));
      }
      try {
        await Promise.race([api.isValidSystemSetup(), timer.promise]);
      } catch (e) {
        // E.g. 'Не поддерживаемая версия плагина' / 'Не поддерживаемая версия CSP'.
        throw e instanceof SigningError ? e : new SigningError('PLUGIN_LOAD_ERROR', messageOf(e));
      }
      return api;
    } finally {
      timer.clear();
    }
  }

  function loadApi(timeoutMs?: number): Promise<CryptoProApi> {
    if (!loading) {
      const preset = win.cadesplugin_load_timeout;
      const ms = timeoutMs ?? (typeof preset === 'number' && preset > 0 ? preset : PLUGIN_LOAD_TIMEOUT_MS);
      loading = doLoad(ms);
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  }

  return {
    async load(timeoutMs?: number) {
      await loadApi(timeoutMs);
    },

    async listCertificates(): Promise<SigningCertificate[]> {
      const api = await loadApi();
      let list: CryptoProCertificate[];
      try {
        list = await api.getUserCertificates(true);
      } catch (e) {
        if (/Нет доступных сертификатов/.test(messageOf(e) ?? '')) return [];
        throw new SigningError('CERTIFICATE_DATA', messageOf(e));
      }
      const out: SigningCertificate[] = [];
      // crypto-pro walks the store from its last item to the first: list[i] is item list.length - i (1-based).
      for (const [i, c] of list.entries()) {
        try {
          const body = await c.exportBase64();
          out.push(
            toSigningCertificate({
              index: list.length - 1 - i,
              subjectName: c.subjectName,
              issuerName: c.issuerName,
              thumbprint: c.thumbprint,
              validFrom: c.validFrom,
              validTo: c.validTo,
              body: String(body ?? '').replace(/\s+/g, ''),
            }),
          );
        } catch {
          /* an unreadable entry is skipped */
        }
      }
      if (list.length > 0 && out.length === 0) throw new SigningError('CERTIFICATE_DATA');
      return out.sort((a, b) => a.id - b.id);
    },

    async signDetached(thumbprint: string, bytes: Uint8Array): Promise<string> {
      const api = await loadApi();
      let cert: CryptoProCertificate;
      try {
        cert = await api.getCertificate(thumbprint);
      } catch (e) {
        throw new SigningError('CERTIFICATE_DATA', messageOf(e));
      }
      try {
        const { oid } = await cert.getAlgorithm();
        const hashedAlgorithm = (oid ? HASH_BY_KEY_OID[oid] : undefined) ?? DEFAULT_HASH;
        const exact = bytes.slice().buffer as ArrayBuffer;
        const hash = await api.createHash(exact, { hashedAlgorithm });
        const signature = await api.createDetachedSignature(thumbprint, hash, { hashedAlgorithm });
        return String(signature).replace(/\s+/g, '');
      } catch (e) {
        throw signFailure(e);
      }
    },
  };
}

let shared: SignaturePlugin | null = null;

/** The page's signature plug-in (CryptoPro through `crypto-pro`). */
export function getSignaturePlugin(): SignaturePlugin {
  if (!shared) shared = createCryptoProPlugin();
  return shared;
}
