/**
 * Signing in the browser (issue 8): the §8 message mapping of plug-in failures (spec chat-and-shell §8, exact
 * texts), the 20 s load time-out (§9), certificate fields (§3) and the non-expired filter (§4 "Signing flow",
 * §5 "Only certificates not yet expired are offered"). The adapter runs against a stand-in of the `crypto-pro`
 * module and of `window.cadesplugin`, as the plug-in behaves in each case.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  parseDistinguishedName,
  selectableCertificates,
  toSigningCertificate,
  type SigningCertificate,
} from './certificate';
import {
  createCryptoProPlugin,
  type CadesWindow,
  type CryptoProApi,
  type CryptoProCertificate,
} from './cryptoProPlugin';
import { NO_CERTIFICATE_CHOSEN, PLUGIN_MESSAGES, SigningError, pluginLoadError } from './pluginMessages';

const SUBJECT =
  'CN="ООО ""Техноимпорт""", SN=Новиков, G=Пётр Ильич, T=Генеральный директор, O="ООО ""Техноимпорт""", ' +
  'E=ceo@techno.example, ОГРН=1027700132195, ИНН ЮЛ=7704123450, СНИЛС=12345678901, ИНН=770412345012, C=RU';
const ISSUER = 'CN=Тестовый УЦ, O=АО Тестовый УЦ, E=ca@example.com, ИНН ЮЛ=7700000001, C=RU';
const THUMB = 'A1B2C3D4E5F60718293A4B5C6D7E8F9012345678';

function cert(over: Partial<CryptoProCertificate> = {}, oid = '1.2.840.113549.1.1.1'): CryptoProCertificate {
  return {
    subjectName: SUBJECT,
    issuerName: ISSUER,
    thumbprint: THUMB,
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2027-01-01T00:00:00.000Z',
    exportBase64: async () => 'MIIB\nAAAA',
    getAlgorithm: async () => ({ algorithm: 'RSA', oid }),
    ...over,
  };
}

/** A `crypto-pro` stand-in: `getSystemInfo` installs `window.cadesplugin` as cadesplugin_api.js does. */
function fakeApi(win: CadesWindow, plugin: () => Promise<unknown>, over: Partial<CryptoProApi> = {}): CryptoProApi {
  return {
    getSystemInfo: () => {
      win.cadesplugin ??= plugin();
      return Promise.resolve(win.cadesplugin).then(() => ({ cadesVersion: '2.0.14660', cspVersion: '5.0' }));
    },
    isValidSystemSetup: async () => true,
    getUserCertificates: async () => [cert()],
    getCertificate: async () => cert(),
    createHash: async () => 'ABCDEF',
    createDetachedSignature: async () => 'MIIC\r\nSIGNATURE',
    ...over,
  };
}

async function failureOf(p: Promise<unknown>): Promise<SigningError> {
  try {
    await p;
  } catch (e) {
    return e as SigningError;
  }
  throw new Error('expected a failure');
}

afterEach(() => vi.useRealTimers());

describe('plug-in messages (spec chat §8)', () => {
  it('maps every rejection text of the plug-in to its exact §8 message', () => {
    expect(pluginLoadError('Плагин недоступен').message).toBe('Плагин недоступен');
    expect(pluginLoadError('Истекло время ожидания загрузки плагина').code).toBe('PLUGIN_TIMEOUT');
    expect(pluginLoadError('Плагин загружен, но не создаются обьекты').message).toBe(
      'Плагин загружен, но не создаются обьекты',
    );
    expect(pluginLoadError(new Error('Ошибка при загрузке плагина')).code).toBe('PLUGIN_LOAD_ERROR');
    expect(pluginLoadError('Internet Explorer версии 8 и ниже не поддерживается').message).toBe(
      'Internet Explorer версии 8 и ниже не поддерживается',
    );
    expect(PLUGIN_MESSAGES.certificateData).toBe('Не удалось получить данные из сертификата');
    expect(NO_CERTIFICATE_CHOSEN).toBe('Не выбран сертификат');
  });

  it('an unknown failure is "Ошибка при загрузке плагина" with the original text as detail', () => {
    const e = pluginLoadError(new Error('Не поддерживаемая версия плагина'));
    expect(e.message).toBe('Ошибка при загрузке плагина');
    expect(e.detail).toBe('Не поддерживаемая версия плагина');
    expect(e.installPrompt).toBe(true);
  });

  it('asks to install the extension when the plug-in is unavailable or does not answer, not for certificate problems', () => {
    expect(new SigningError('PLUGIN_UNAVAILABLE').installPrompt).toBe(true);
    expect(new SigningError('PLUGIN_TIMEOUT').installPrompt).toBe(true);
    expect(new SigningError('CERTIFICATE_DATA').installPrompt).toBe(false);
    expect(new SigningError('CERTIFICATE_NOT_CHOSEN').installPrompt).toBe(false);
  });
});

describe('loading the plug-in through crypto-pro', () => {
  it('no extension: window.cadesplugin rejects → "Плагин недоступен" with the install prompt', async () => {
    const win: CadesWindow = {};
    const plugin = createCryptoProPlugin({
      win,
      importModule: async () => fakeApi(win, () => Promise.reject('Плагин недоступен')),
    });
    const e = await failureOf(plugin.load());
    expect(e).toBeInstanceOf(SigningError);
    expect(e.message).toBe('Плагин недоступен');
    expect(e.installPrompt).toBe(true);
  });

  it('a plug-in that never answers times out after 20 s by default (spec chat §9), not before', async () => {
    vi.useFakeTimers();
    const win: CadesWindow = {};
    const plugin = createCryptoProPlugin({ win, importModule: async () => fakeApi(win, () => new Promise(() => {})) });
    let settled: SigningError | 'ok' | null = null;
    plugin.load().then(
      () => {
        settled = 'ok';
      },
      (e: SigningError) => {
        settled = e;
      },
    );
    await vi.advanceTimersByTimeAsync(19_999);
    expect(settled).toBeNull();
    expect(win.cadesplugin_load_timeout).toBe(20_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(SigningError);
    expect((settled as unknown as SigningError).message).toBe('Истекло время ожидания загрузки плагина');
  });

  it('takes a shorter time-out from the call or from window.cadesplugin_load_timeout', async () => {
    const win: CadesWindow = { cadesplugin_load_timeout: 30 };
    const plugin = createCryptoProPlugin({ win, importModule: async () => fakeApi(win, () => new Promise(() => {})) });
    expect((await failureOf(plugin.load())).code).toBe('PLUGIN_TIMEOUT');
    expect((await failureOf(plugin.load(10))).code).toBe('PLUGIN_TIMEOUT');
  });

  it('a plug-in whose objects cannot be created → "Плагин загружен, но не создаются обьекты"', async () => {
    const win: CadesWindow = {};
    const api = fakeApi(win, () => Promise.resolve(), {});
    api.getSystemInfo = () => {
      win.cadesplugin = Promise.resolve();
      return Promise.reject(new Error('Ошибка при получении информации о системе'));
    };
    const e = await failureOf(createCryptoProPlugin({ win, importModule: async () => api }).load());
    expect(e.message).toBe('Плагин загружен, но не создаются обьекты');
  });

  it('the module that fails to load → "Ошибка при загрузке плагина"; an old IE → its own message', async () => {
    const win: CadesWindow = {};
    const e = await failureOf(
      createCryptoProPlugin({ win, importModule: () => Promise.reject(new Error('chunk failed')) }).load(),
    );
    expect(e.message).toBe('Ошибка при загрузке плагина');
    const ie: CadesWindow = { document: { documentMode: 8 } };
    const e2 = await failureOf(
      createCryptoProPlugin({ win: ie, importModule: async () => fakeApi(ie, () => Promise.resolve()) }).load(),
    );
    expect(e2.message).toBe('Internet Explorer версии 8 и ниже не поддерживается');
  });

  it("an unsupported plug-in version is a load error with the plug-in's explanation", async () => {
    const win: CadesWindow = {};
    const api = fakeApi(win, () => Promise.resolve(), {
      isValidSystemSetup: () => Promise.reject(new Error('Не поддерживаемая версия плагина')),
    });
    const e = await failureOf(createCryptoProPlugin({ win, importModule: async () => api }).load());
    expect(e.message).toBe('Ошибка при загрузке плагина');
    expect(e.detail).toBe('Не поддерживаемая версия плагина');
  });
});

describe('certificates (spec chat §3)', () => {
  it('reads the subject and issuer fields, registration numbers, SNILS, position, validity, thumbprint and body', async () => {
    const win: CadesWindow = {};
    const plugin = createCryptoProPlugin({ win, importModule: async () => fakeApi(win, () => Promise.resolve()) });
    const [c] = await plugin.listCertificates();
    expect(c).toEqual({
      id: 0,
      subject: {
        name: 'Пётр',
        surname: 'Новиков',
        patronymic: 'Ильич',
        fullName: 'ООО "Техноимпорт"',
        companyName: 'ООО "Техноимпорт"',
        email: 'ceo@techno.example',
      },
      issuer: { name: 'Тестовый УЦ', companyName: 'АО Тестовый УЦ', email: 'ca@example.com', taxId: '7700000001' },
      registration: { ogrn: '1027700132195', ogrnip: null, innLe: '7704123450', inn: '770412345012' },
      snils: '12345678901',
      position: 'Генеральный директор',
      validFromDate: '2026-01-01T00:00:00.000Z',
      validToDate: '2027-01-01T00:00:00.000Z',
      thumbprint: THUMB,
      body: 'MIIBAAAA',
    });
  });

  it('understands OID names and unquoted values with commas', () => {
    expect(
      parseDistinguishedName(
        'OID.1.2.643.100.1=1027700132195, OID.1.2.643.100.4=7704123450, CN=ИП Иванов, Иван, SN=Иванов',
      ),
    ).toEqual({
      OGRN: '1027700132195',
      INNLE: '7704123450',
      CN: 'ИП Иванов, Иван',
      SN: 'Иванов',
    });
  });

  it('an empty store is an empty list; a certificate without a subject is "Не удалось получить данные из сертификата"', async () => {
    const win: CadesWindow = {};
    const empty = fakeApi(win, () => Promise.resolve(), {
      getUserCertificates: () => Promise.reject(new Error('Нет доступных сертификатов')),
    });
    expect(await createCryptoProPlugin({ win, importModule: async () => empty }).listCertificates()).toEqual([]);
    const win2: CadesWindow = {};
    const broken = fakeApi(win2, () => Promise.resolve(), {
      getUserCertificates: async () => [cert({ subjectName: '' })],
    });
    const e = await failureOf(
      createCryptoProPlugin({ win: win2, importModule: async () => broken }).listCertificates(),
    );
    expect(e.message).toBe('Не удалось получить данные из сертификата');
    expect(() =>
      toSigningCertificate({
        index: 0,
        subjectName: SUBJECT,
        issuerName: ISSUER,
        thumbprint: THUMB,
        validFrom: 'x',
        validTo: 'y',
        body: '',
      }),
    ).toThrow('Не удалось получить данные из сертификата');
  });

  it('offers only certificates not yet expired (spec chat §4, §5)', () => {
    const base = toSigningCertificate({
      index: 0,
      subjectName: SUBJECT,
      issuerName: ISSUER,
      thumbprint: THUMB,
      validFrom: '2025-01-01',
      validTo: '2026-06-01T00:00:00Z',
      body: '',
    });
    const valid: SigningCertificate = { ...base, id: 1, validToDate: '2027-06-01T00:00:00.000Z' };
    const now = new Date('2026-11-23T09:00:00Z');
    expect(selectableCertificates([base, valid], now).map((c) => c.id)).toEqual([1]);
    expect(selectableCertificates([{ ...base, validToDate: now.toISOString() }], now)).toEqual([]);
  });
});

describe('signing', () => {
  it("hashes the exact bytes with the key's digest and answers the detached CMS as one base64 line", async () => {
    const win: CadesWindow = {};
    const calls: unknown[] = [];
    const api = fakeApi(win, () => Promise.resolve(), {
      getCertificate: async () => cert({}, '1.2.643.7.1.1.1.2'),
      createHash: async (message, options) => {
        calls.push([new Uint8Array(message), options]);
        return 'HASH';
      },
      createDetachedSignature: async (thumbprint, hash, options) => {
        calls.push([thumbprint, hash, options]);
        return 'MII\nSIG';
      },
    });
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255]);
    const sig = await createCryptoProPlugin({ win, importModule: async () => api }).signDetached(
      THUMB,
      bytes.subarray(1, 5),
    );
    expect(sig).toBe('MIISIG');
    expect(calls).toEqual([
      [new Uint8Array([80, 68, 70, 0]), { hashedAlgorithm: 102 }],
      [THUMB, 'HASH', { hashedAlgorithm: 102 }],
    ]);
  });

  it('a failure while signing is "Не удалось подписать документ" with the plug-in\'s reason', async () => {
    const win: CadesWindow = {};
    const api = fakeApi(win, () => Promise.resolve(), {
      createDetachedSignature: () => Promise.reject(new Error('Действие было отменено пользователем')),
    });
    const e = await failureOf(
      createCryptoProPlugin({ win, importModule: async () => api }).signDetached(THUMB, new Uint8Array([1])),
    );
    expect(e.message).toBe('Не удалось подписать документ');
    expect(e.detail).toBe('Действие было отменено пользователем');
  });
});
