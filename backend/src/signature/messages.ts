/**
 * Russian texts of refused signatures (spec core §8 "Signature": "individual person signature unsupported (use sole
 * proprietor signature); signature error with support hint"). One table, keyed by the stable codes of
 * docs/rest-api.md "Company, bank requisites, verification and signatures".
 */
import type { SignatureErrorCode } from './types.js';

/** The short reason shown inside the §8 'signature error with support hint' text, per code. */
export const SIGNATURE_ERROR_REASONS: Record<
  Exclude<SignatureErrorCode, 'INDIVIDUAL_SIGNATURE_UNSUPPORTED'>,
  string
> = {
  SIGNATURE_MALFORMED: 'не удалось прочитать подпись',
  DOCUMENT_MISMATCH: 'подписан другой документ',
  SIGNATURE_INVALID: 'подпись не соответствует сертификату',
  CERTIFICATE_UNTRUSTED: 'сертификат выдан недоверенным удостоверяющим центром',
  CERTIFICATE_EXPIRED: 'срок действия сертификата истёк',
  CERTIFICATE_NOT_YET_VALID: 'срок действия сертификата ещё не начался',
  COMPANY_MISMATCH: 'сертификат выдан другой организации',
  SIGNATURE_ALGORITHM_UNSUPPORTED: 'алгоритм подписи не поддерживается',
};

/** Spec core §8 "Signature": the text for an individual person's certificate. */
export const INDIVIDUAL_SIGNATURE_MESSAGE =
  'Подпись физического лица не поддерживается. Используйте подпись индивидуального предпринимателя или организации';

/** The user-facing message of every refusal code (spec core §8 "Signature"). */
export const SIGNATURE_ERROR_MESSAGES: Record<SignatureErrorCode, string> = {
  ...(Object.fromEntries(
    Object.entries(SIGNATURE_ERROR_REASONS).map(([code, reason]) => [
      code,
      `Ошибка подписи: ${reason}. Если ошибка повторится, обратитесь в поддержку`,
    ]),
  ) as Record<keyof typeof SIGNATURE_ERROR_REASONS, string>),
  INDIVIDUAL_SIGNATURE_UNSUPPORTED: INDIVIDUAL_SIGNATURE_MESSAGE,
};
