/**
 * Texts and constants of signing with a qualified electronic signature in the browser (spec chat-and-shell §5
 * "Signing needs a chosen certificate", §8 "Signing plugin messages" — spelled exactly so, including 'обьекты' —
 * and §9 "plugin load time-out 20 s"), and the one error type every signing failure is reported with.
 */

/** Spec chat §8 "Signing plugin messages", verbatim. */
export const PLUGIN_MESSAGES = {
  unavailable: 'Плагин недоступен',
  timeout: 'Истекло время ожидания загрузки плагина',
  noObjects: 'Плагин загружен, но не создаются обьекты',
  loadError: 'Ошибка при загрузке плагина',
  oldIe: 'Internet Explorer версии 8 и ниже не поддерживается',
  certificateData: 'Не удалось получить данные из сертификата',
} as const;

/** Spec chat §5: signing without a chosen certificate. */
export const NO_CERTIFICATE_CHOSEN = 'Не выбран сертификат';

/** Spec chat §9: how long the plug-in may take to load, in milliseconds. */
export const PLUGIN_LOAD_TIMEOUT_MS = 20_000;

/** The prompt of spec chat §8 "a prompt to install the browser extension", with where to get both parts. */
export const INSTALL_PROMPT = {
  text: 'Для подписи нужен КриптоПро ЭЦП Browser plug-in и расширение для браузера. Установите их и обновите страницу.',
  extensionLabel: 'Установить расширение CryptoPro Extension for CAdES Browser Plug-in',
  extensionUrl: 'https://chromewebstore.google.com/detail/cryptopro-extension-for-c/iifchhfnnmpdbibifmljnfjhpififfog',
  pluginLabel: 'Скачать КриптоПро ЭЦП Browser plug-in',
  pluginUrl: 'https://www.cryptopro.ru/products/cades/plugin',
} as const;

/** A signing failure the user is told about. */
export type SigningErrorCode =
  | 'PLUGIN_UNAVAILABLE'
  | 'PLUGIN_TIMEOUT'
  | 'PLUGIN_NO_OBJECTS'
  | 'PLUGIN_LOAD_ERROR'
  | 'OLD_IE'
  | 'CERTIFICATE_DATA'
  | 'CERTIFICATE_NOT_CHOSEN'
  | 'SIGN_FAILED';

const MESSAGE_OF: Record<SigningErrorCode, string> = {
  PLUGIN_UNAVAILABLE: PLUGIN_MESSAGES.unavailable,
  PLUGIN_TIMEOUT: PLUGIN_MESSAGES.timeout,
  PLUGIN_NO_OBJECTS: PLUGIN_MESSAGES.noObjects,
  PLUGIN_LOAD_ERROR: PLUGIN_MESSAGES.loadError,
  OLD_IE: PLUGIN_MESSAGES.oldIe,
  CERTIFICATE_DATA: PLUGIN_MESSAGES.certificateData,
  CERTIFICATE_NOT_CHOSEN: NO_CERTIFICATE_CHOSEN,
  SIGN_FAILED: 'Не удалось подписать документ',
};

/** Codes after which the user is asked to install (or enable) the plug-in and its browser extension. */
const INSTALL_CODES: ReadonlySet<SigningErrorCode> = new Set([
  'PLUGIN_UNAVAILABLE',
  'PLUGIN_TIMEOUT',
  'PLUGIN_LOAD_ERROR',
]);

/**
 * A signing failure: `message` is the exact text to show (spec chat §5 / §8), `detail` the plug-in's own
 * explanation when it gave one (e.g. 'Не поддерживаемая версия плагина'), `installPrompt` whether to show the
 * prompt to install the plug-in and the browser extension.
 */
export class SigningError extends Error {
  readonly code: SigningErrorCode;
  readonly detail?: string;
  readonly installPrompt: boolean;
  constructor(code: SigningErrorCode, detail?: string) {
    super(MESSAGE_OF[code]);
    this.name = 'SigningError';
    this.code = code;
    this.detail = detail && detail !== MESSAGE_OF[code] ? detail : undefined;
    this.installPrompt = INSTALL_CODES.has(code);
  }
}

function reasonText(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  if (reason instanceof Error) return reason.message;
  if (
    reason &&
    typeof reason === 'object' &&
    'message' in reason &&
    typeof (reason as { message: unknown }).message === 'string'
  ) {
    return (reason as { message: string }).message;
  }
  return '';
}

/**
 * Maps why the plug-in did not load — the rejection of `window.cadesplugin` (its texts are those of spec chat §8),
 * a load time-out, or an exception of the `crypto-pro` package — to the §8 message. Anything unknown is
 * 'Ошибка при загрузке плагина' with the original text as `detail`.
 */
export function pluginLoadError(reason: unknown): SigningError {
  if (reason instanceof SigningError) return reason;
  const text = reasonText(reason).trim();
  if (text === PLUGIN_MESSAGES.unavailable) return new SigningError('PLUGIN_UNAVAILABLE');
  if (text === PLUGIN_MESSAGES.timeout) return new SigningError('PLUGIN_TIMEOUT');
  if (text === PLUGIN_MESSAGES.noObjects) return new SigningError('PLUGIN_NO_OBJECTS');
  if (text === PLUGIN_MESSAGES.oldIe) return new SigningError('OLD_IE');
  if (text === PLUGIN_MESSAGES.loadError) return new SigningError('PLUGIN_LOAD_ERROR');
  return new SigningError('PLUGIN_LOAD_ERROR', text || undefined);
}

/** Maps a failure while signing (the key's PIN dialog cancelled, the container unreadable, …) to a SigningError. */
export function signFailure(reason: unknown): SigningError {
  if (reason instanceof SigningError) return reason;
  return new SigningError('SIGN_FAILED', reasonText(reason).trim() || undefined);
}
