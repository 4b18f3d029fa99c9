/**
 * A test stand-in of the CryptoPro browser plug-in (the part that cannot run in a test browser: the native
 * messaging host and the key containers), injected with `page.addInitScript` before the app loads. It implements the
 * parts of the real plug-in API that the `crypto-pro` package calls, so the product adapter
 * (web/src/system/signing/cryptoProPlugin.ts) runs unchanged:
 *
 * - `window.cadesplugin`: a promise (resolved when the plug-in "loaded") carrying `CreateObjectAsync`, `async_spawn`,
 *   `set_log_level`, `getLastError`, `JSModuleVersion`, the LOG_LEVEL_* and CAPICOM_* / CADESCOM_* constants.
 *   cadesplugin_api.js (bundled in `crypto-pro`) sees it and stays out of the way, as it does with the real one.
 * - Objects: CAdESCOM.Store (Open, Certificates, Close), the Certificates collection (Count, Item(1-based),
 *   Find by SHA1_HASH / SUBJECT_NAME / TIME_VALID / EXTENDED_PROPERTY KEY_PROV_INFO), certificates (SubjectName and
 *   IssuerName in the plug-in's spelling — 'CN=…, SN=…, G=…, T=…, ОГРН=…, ИНН ЮЛ=…, СНИЛС=…, E=…, C=RU' —,
 *   Thumbprint, SerialNumber, ValidFromDate, ValidToDate, HasPrivateKey(), IsValid().Result, Export(0),
 *   PublicKey().Algorithm.{FriendlyName,Value}), CAdESCOM.About (PluginVersion, Version, CSPVersion()),
 *   CAdESCOM.HashedData (Algorithm, DataEncoding, Hash, Value, SetHashValue), CADESCOM.CPAttribute, CAdESCOM.CPSigner
 *   (Certificate, Options, AuthenticatedAttributes2.Add) and CAdESCOM.CadesSignedData (SignHash, and SignCades over
 *   Content) — every method and property answering a promise like the asynchronous plug-in.
 * - Hashing and signing run in Node through `page.exposeFunction`: the hash of the exact bytes (SHA-256/384/512 for the
 *   test PKI's RSA and ECDSA keys; GOST R 34.11-2012 256/512 for its GOST keys through OpenSSL's GOST engine), and the CAdES-BES detached signature by tests/support/certificates.ts
 *   `signDetached` over the bytes whose hash is being signed (the plug-in signs a hash; the test PKI signs content,
 *   so the fake remembers which bytes each hash came from).
 *
 * Modes: 'absent' injects nothing (the real cadesplugin_api.js then fails to reach the browser extension: 'Плагин
 * недоступен'); 'hang' — the plug-in never answers (the app's load time-out, spec chat §9; pass `loadTimeoutMs` to set
 * `window.cadesplugin_load_timeout`, the cadesplugin API's own setting, instead of waiting 20 s); 'reject' — loading
 * fails with `rejectWith` (e.g. 'Плагин загружен, но не создаются обьекты'); 'ready' — a store with `certificates`.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import type { Page } from 'playwright-core';
import { signDetached, type TestCertificate } from './certificates.js';

export type FakeCadesMode = 'absent' | 'hang' | 'reject' | 'ready';

export interface FakeCadesOptions {
  mode: FakeCadesMode;
  /** Store contents for 'ready' (expired ones included: the store keeps them, Find(TIME_VALID) drops them). */
  certificates?: Array<TestCertificate & { hasPrivateKey?: boolean }>;
  /** Sets `window.cadesplugin_load_timeout` (ms) before the app loads. */
  loadTimeoutMs?: number;
  /** Rejection text of `window.cadesplugin` for 'reject'. */
  rejectWith?: string;
}

/** What the fake saw: each signature it made (thumbprint of the certificate, SHA-256 hex of the signed bytes). */
export interface FakeCadesHandle {
  signatures: Array<{ thumbprint: string; contentSha256: string }>;
}

/** Certificate data the page side gets (no private keys leave Node). */
interface PageCertificate {
  subjectName: string;
  issuerName: string;
  thumbprint: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  body: string;
  hasPrivateKey: boolean;
  keyAlgorithm: { friendlyName: string; oid: string };
}

interface PageConfig {
  mode: FakeCadesMode;
  loadTimeoutMs?: number;
  rejectWith?: string;
  certificates: PageCertificate[];
}

/** Attribute names as the CryptoPro plug-in prints them. */
const CRYPTOPRO_NAMES: Record<string, string> = {
  GN: 'G',
  givenName: 'G',
  title: 'T',
  emailAddress: 'E',
  OGRN: 'ОГРН',
  OGRNIP: 'ОГРНИП',
  SNILS: 'СНИЛС',
  INN: 'ИНН',
  INNLE: 'ИНН ЮЛ',
  '1.2.643.100.1': 'ОГРН',
  '1.2.643.100.5': 'ОГРНИП',
  '1.2.643.100.3': 'СНИЛС',
  '1.2.643.100.4': 'ИНН ЮЛ',
  '1.2.643.3.131.1.1': 'ИНН',
};

/** Node's one-attribute-per-line distinguished name → the plug-in's 'CN=…, SN=…, ОГРН=…' (quoted where needed). */
export function cryptoProName(nodeDn: string): string {
  return nodeDn
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const i = line.indexOf('=');
      const key = line.slice(0, i);
      const value = line.slice(i + 1);
      const name = CRYPTOPRO_NAMES[key] ?? (/^\d+(\.\d+)+$/.test(key) ? `OID.${key}` : key);
      return `${name}=${/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value}`;
    })
    .join(', ');
}

const KEY_ALGORITHMS: Record<TestCertificate['algorithm'], { friendlyName: string; oid: string }> = {
  RSA: { friendlyName: 'RSA', oid: '1.2.840.113549.1.1.1' },
  ECDSA: { friendlyName: 'ECC', oid: '1.2.840.10045.2.1' },
  GOST2012_256: { friendlyName: 'ГОСТ Р 34.10-2012 256 бит', oid: '1.2.643.7.1.1.1.1' },
  GOST2012_512: { friendlyName: 'ГОСТ Р 34.10-2012 512 бит', oid: '1.2.643.7.1.1.1.2' },
};

/**
 * CADESCOM_HASH_ALGORITHM_* the fake computes → digest, and which key algorithms sign with it. GOST R 34.11-2012
 * (Streebog) runs through OpenSSL's GOST engine (libengine-gost-openssl), as the test PKI's GOST keys do.
 */
const HASHES: Record<number, { digest: string; gost?: boolean; keys: ReadonlyArray<TestCertificate['algorithm']> }> = {
  4: { digest: 'sha256', keys: ['RSA', 'ECDSA'] },
  5: { digest: 'sha384', keys: [] },
  6: { digest: 'sha512', keys: [] },
  101: { digest: 'md_gost12_256', gost: true, keys: ['GOST2012_256'] },
  102: { digest: 'md_gost12_512', gost: true, keys: ['GOST2012_512'] },
};

function digestHex(algorithm: number, content: Buffer): string {
  const h = HASHES[algorithm];
  if (!h) throw new Error(`Тестовый плагин: алгоритм хеширования ${algorithm} не поддерживается`);
  const raw = h.gost
    ? execFileSync('openssl', ['dgst', '-engine', 'gost', `-${h.digest}`, '-binary'], {
        input: content,
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: 30_000,
      })
    : createHash(h.digest).update(content).digest();
  return raw.toString('hex').toUpperCase();
}

function pageCertificate(c: TestCertificate & { hasPrivateKey?: boolean }): PageCertificate {
  const x = new X509Certificate(c.der);
  return {
    subjectName: cryptoProName(x.subject),
    issuerName: cryptoProName(x.issuer),
    thumbprint: c.thumbprint,
    serialNumber: x.serialNumber,
    validFrom: new Date(x.validFrom).toISOString(),
    validTo: new Date(x.validTo).toISOString(),
    body: c.der.toString('base64'),
    hasPrivateKey: c.hasPrivateKey ?? true,
    keyAlgorithm: KEY_ALGORITHMS[c.algorithm],
  };
}

/** Injects the fake plug-in into `page` (call before the first navigation). */
export async function installFakeCadesPlugin(page: Page, opts: FakeCadesOptions): Promise<FakeCadesHandle> {
  const handle: FakeCadesHandle = { signatures: [] };
  const certificates = opts.certificates ?? [];
  const config: PageConfig = {
    mode: opts.mode,
    loadTimeoutMs: opts.loadTimeoutMs,
    rejectWith: opts.rejectWith,
    certificates: certificates.map(pageCertificate),
  };
  if (opts.mode === 'ready') {
    const contentByHash = new Map<string, Buffer>();
    await page.exposeFunction('__fakeCadesHash', (algorithm: number, base64: string): string => {
      const content = Buffer.from(base64, 'base64');
      const hex = digestHex(algorithm, content);
      contentByHash.set(`${algorithm}:${hex}`, content);
      return hex;
    });
    await page.exposeFunction('__fakeCadesSign', (thumbprint: string, algorithm: number, hashHex: string): string => {
      const cert = certificates.find((c) => c.thumbprint === thumbprint.toUpperCase());
      if (!cert) throw new Error('Сертификат не найден');
      if (cert.hasPrivateKey === false) throw new Error('Закрытый ключ не найден');
      if (!HASHES[algorithm]?.keys.includes(cert.algorithm))
        throw new Error('Алгоритм хеширования не соответствует ключу');
      const content = contentByHash.get(`${algorithm}:${hashHex.toUpperCase()}`);
      if (!content) throw new Error('Тестовый плагин: неизвестное значение хеша');
      handle.signatures.push({
        thumbprint: cert.thumbprint,
        contentSha256: createHash('sha256').update(content).digest('hex'),
      });
      return signDetached(cert, content).toString('base64');
    });
  }
  if (opts.mode !== 'absent' || opts.loadTimeoutMs) {
    // As source text: the transpiler may add helpers (e.g. `__name` for kept function names) that the page lacks.
    await page.addInitScript({
      content: `(() => { const __name = (f) => f; (${fakePluginMain.toString()})(${JSON.stringify(config)}); })();`,
    });
  }
  return handle;
}

/** Runs in the page before its scripts. Must be self-contained (serialised by playwright). */
function fakePluginMain(config: PageConfig): void {
  const w = window as unknown as Record<string, unknown>;
  if (config.loadTimeoutMs) w.cadesplugin_load_timeout = config.loadTimeoutMs;
  if (config.mode === 'absent') return;

  const C = {
    CAPICOM_MEMORY_STORE: 0,
    CAPICOM_LOCAL_MACHINE_STORE: 1,
    CAPICOM_CURRENT_USER_STORE: 2,
    CAPICOM_SMART_CARD_USER_STORE: 4,
    CADESCOM_MEMORY_STORE: 0,
    CADESCOM_LOCAL_MACHINE_STORE: 1,
    CADESCOM_CURRENT_USER_STORE: 2,
    CADESCOM_CONTAINER_STORE: 100,
    CAPICOM_MY_STORE: 'My',
    CAPICOM_STORE_OPEN_READ_WRITE: 1,
    CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED: 2,
    CAPICOM_CERTIFICATE_FIND_SHA1_HASH: 0,
    CAPICOM_CERTIFICATE_FIND_SUBJECT_NAME: 1,
    CAPICOM_CERTIFICATE_FIND_EXTENDED_PROPERTY: 6,
    CAPICOM_CERTIFICATE_FIND_TIME_VALID: 9,
    CAPICOM_PROPID_KEY_PROV_INFO: 2,
    CAPICOM_CERTIFICATE_INCLUDE_CHAIN_EXCEPT_ROOT: 0,
    CAPICOM_CERTIFICATE_INCLUDE_WHOLE_CHAIN: 1,
    CAPICOM_CERTIFICATE_INCLUDE_END_ENTITY_ONLY: 2,
    CADESCOM_CADES_DEFAULT: 0,
    CADESCOM_CADES_BES: 1,
    CADESCOM_CADES_T: 0x5,
    CADESCOM_CADES_X_LONG_TYPE_1: 0x5d,
    CADESCOM_PKCS7_TYPE: 0xffff,
    CADESCOM_ENCODE_BASE64: 0,
    CADESCOM_ENCODE_BINARY: 1,
    CADESCOM_STRING_TO_UCS2LE: 0,
    CADESCOM_BASE64_TO_BINARY: 1,
    CADESCOM_AUTHENTICATED_ATTRIBUTE_SIGNING_TIME: 0,
    CADESCOM_AUTHENTICATED_ATTRIBUTE_DOCUMENT_NAME: 1,
    CADESCOM_HASH_ALGORITHM_SHA1: 0,
    CADESCOM_HASH_ALGORITHM_SHA_256: 4,
    CADESCOM_HASH_ALGORITHM_SHA_384: 5,
    CADESCOM_HASH_ALGORITHM_SHA_512: 6,
    CADESCOM_HASH_ALGORITHM_CP_GOST_3411: 100,
    CADESCOM_HASH_ALGORITHM_CP_GOST_3411_2012_256: 101,
    CADESCOM_HASH_ALGORITHM_CP_GOST_3411_2012_512: 102,
    LOG_LEVEL_DEBUG: 4,
    LOG_LEVEL_INFO: 2,
    LOG_LEVEL_ERROR: 1,
  };
  const call = (name: string, ...args: unknown[]) => (w[name] as (...a: unknown[]) => Promise<unknown>)(...args);
  const p = <T>(v: T) => Promise.resolve(v);
  const version = (text: string) => ({ toString: () => p(text), MajorVersion: p(Number(text.split('.')[0])) });

  type Cert = PageConfig['certificates'][number];
  function certificate(c: Cert) {
    return {
      __fake: c,
      get SubjectName() {
        return p(c.subjectName);
      },
      get IssuerName() {
        return p(c.issuerName);
      },
      get Thumbprint() {
        return p(c.thumbprint);
      },
      get SerialNumber() {
        return p(c.serialNumber);
      },
      get ValidFromDate() {
        return p(c.validFrom);
      },
      get ValidToDate() {
        return p(c.validTo);
      },
      get Version() {
        return p(3);
      },
      HasPrivateKey: () => p(c.hasPrivateKey),
      IsValid: () => {
        const now = Date.now();
        return p({
          get Result() {
            return p(now >= Date.parse(c.validFrom) && now <= Date.parse(c.validTo));
          },
        });
      },
      Export: (_encoding: number) => p(c.body),
      PublicKey: () =>
        p({
          get Algorithm() {
            return p({
              get FriendlyName() {
                return p(c.keyAlgorithm.friendlyName);
              },
              get Value() {
                return p(c.keyAlgorithm.oid);
              },
            });
          },
        }),
      GetInfo: (type: number) => p(type === 0 ? c.subjectName : type === 1 ? c.issuerName : ''),
    };
  }
  function collection(items: Cert[]) {
    return {
      get Count() {
        return p(items.length);
      },
      Item: (i: number) =>
        i >= 1 && i <= items.length ? p(certificate(items[i - 1])) : Promise.reject(new Error('Неверный индекс')),
      Find: (type: number, criteria?: unknown) => {
        const now = Date.now();
        const found = items.filter((c) => {
          if (type === C.CAPICOM_CERTIFICATE_FIND_SHA1_HASH)
            return c.thumbprint === String(criteria ?? '').toUpperCase();
          if (type === C.CAPICOM_CERTIFICATE_FIND_SUBJECT_NAME)
            return c.subjectName.toLowerCase().includes(String(criteria ?? '').toLowerCase());
          if (type === C.CAPICOM_CERTIFICATE_FIND_TIME_VALID)
            return now >= Date.parse(c.validFrom) && now <= Date.parse(c.validTo);
          if (type === C.CAPICOM_CERTIFICATE_FIND_EXTENDED_PROPERTY)
            return criteria !== C.CAPICOM_PROPID_KEY_PROV_INFO || c.hasPrivateKey;
          return true;
        });
        return p(collection(found));
      },
    };
  }
  const factories: Record<string, () => unknown> = {
    'CAdESCOM.Store': () => {
      let opened = false;
      return {
        Open: () => {
          opened = true;
          return p(undefined);
        },
        get Certificates() {
          return opened ? p(collection(config.certificates)) : Promise.reject(new Error('Хранилище не открыто'));
        },
        Close: () => {
          opened = false;
          return p(undefined);
        },
      };
    },
    'CAdESCOM.About': () => ({
      get PluginVersion() {
        return p(version('2.0.15400'));
      },
      get Version() {
        return p('2.0.15400');
      },
      CSPVersion: () => p(version('5.0.12900')),
    }),
    'CAdESCOM.HashedData': () => {
      const s = { algorithm: C.CADESCOM_HASH_ALGORITHM_SHA1, encoding: C.CADESCOM_STRING_TO_UCS2LE, value: '' };
      return {
        propset_Algorithm: (a: number) => {
          s.algorithm = a;
          return p(undefined);
        },
        propset_DataEncoding: (e: number) => {
          s.encoding = e;
          return p(undefined);
        },
        get Algorithm() {
          return p(s.algorithm);
        },
        Hash: async (data: string) => {
          if (s.encoding !== C.CADESCOM_BASE64_TO_BINARY)
            throw new Error('Тестовый плагин принимает только данные в base64');
          s.value = String(await call('__fakeCadesHash', s.algorithm, data));
        },
        SetHashValue: (hex: string) => {
          s.value = String(hex).toUpperCase();
          return p(undefined);
        },
        get Value() {
          return p(s.value);
        },
        __state: s,
      };
    },
    'CADESCOM.CPAttribute': () => {
      const s: { name?: number; value?: unknown } = {};
      return {
        propset_Name: (n: number) => {
          s.name = n;
          return p(undefined);
        },
        propset_Value: (v: unknown) => {
          s.value = v;
          return p(undefined);
        },
        __state: s,
      };
    },
    'CAdESCOM.CPSigner': () => {
      const s: { certificate?: ReturnType<typeof certificate>; options?: number; attributes: unknown[] } = {
        attributes: [],
      };
      return {
        propset_Certificate: (c: ReturnType<typeof certificate>) => {
          s.certificate = c;
          return p(undefined);
        },
        propset_Options: (o: number) => {
          s.options = o;
          return p(undefined);
        },
        propset_TSAAddress: () => p(undefined),
        get AuthenticatedAttributes2() {
          return p({
            Add: (a: unknown) => {
              s.attributes.push(a);
              return p(undefined);
            },
            get Count() {
              return p(s.attributes.length);
            },
          });
        },
        __state: s,
      };
    },
    'CAdESCOM.CadesSignedData': () => {
      const s: { content?: string; encoding?: number } = {};
      const signHash = async (
        hashed: { __state: { algorithm: number; value: string } },
        signer: { __state: { certificate?: { __fake: Cert } } },
      ) => {
        const cert = signer?.__state?.certificate?.__fake;
        if (!cert) throw new Error('Не задан сертификат подписи');
        if (!cert.hasPrivateKey) throw new Error('Закрытый ключ не найден');
        return String(await call('__fakeCadesSign', cert.thumbprint, hashed.__state.algorithm, hashed.__state.value));
      };
      return {
        propset_ContentEncoding: (e: number) => {
          s.encoding = e;
          return p(undefined);
        },
        propset_Content: (c: string) => {
          s.content = c;
          return p(undefined);
        },
        SignHash: signHash,
        SignCades: async (
          signer: { __state: { certificate?: { __fake: Cert } } },
          _type: number,
          detached: boolean,
        ) => {
          if (!detached) throw new Error('Тестовый плагин создаёт только отсоединённую подпись');
          if (s.encoding !== C.CADESCOM_BASE64_TO_BINARY || s.content == null)
            throw new Error('Тестовый плагин принимает только данные в base64');
          const hashed = { __state: { algorithm: C.CADESCOM_HASH_ALGORITHM_SHA_256, value: '' } };
          hashed.__state.value = String(await call('__fakeCadesHash', hashed.__state.algorithm, s.content));
          return signHash(hashed, signer);
        },
      };
    },
  };

  let settle: { resolve: () => void; reject: (reason: unknown) => void } = { resolve: () => {}, reject: () => {} };
  const plugin = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  }) as Promise<void> & Record<string, unknown>;
  plugin.catch(() => {});
  Object.assign(plugin, C, {
    JSModuleVersion: '2.3.5',
    current_log_level: C.LOG_LEVEL_ERROR,
    set_log_level: (level: number) => {
      plugin.current_log_level = level;
    },
    getLastError: (e: unknown) => (e && typeof e === 'object' && 'message' in e ? (e as Error).message : e),
    set: () => {},
    ReleasePluginObjects: () => p(true),
    get_extension_version: (cb: (v: string) => void) => cb('1.2.13'),
    CreateObjectAsync: (name: string) => {
      const make = factories[name];
      return make ? p(make()) : Promise.reject(new Error(`Объект ${name} не поддерживается тестовым плагином`));
    },
    async_spawn: (generatorFunc: (...args: unknown[]) => Iterator<unknown>, ...rest: unknown[]) => {
      const generator = generatorFunc(rest);
      const step = (verb: 'next' | 'throw', arg?: unknown): Promise<unknown> => {
        let result: IteratorResult<unknown>;
        try {
          result = verb === 'next' ? generator.next(arg) : generator.throw!(arg);
        } catch (err) {
          return Promise.reject(err);
        }
        return result.done
          ? Promise.resolve(result.value)
          : Promise.resolve(result.value).then(
              (v) => step('next', v),
              (e) => step('throw', e),
            );
      };
      return step('next');
    },
  });
  w.cadesplugin = plugin;
  if (config.mode === 'ready') settle.resolve();
  else if (config.mode === 'reject') settle.reject(config.rejectWith ?? 'Плагин недоступен');
  // 'hang': never settles.
}
