/**
 * Message keys (spec chat §5): `msg_` followed by a number. The composer's extMsgId is such a key made from the
 * current time (`msg_<Date.now()>`), kept strictly increasing so two sends in the same millisecond differ.
 */

export const MSG_KEY_ERROR = 'msgKey is not valid';
const MSG_KEY = /^msg_\d+$/;

/** Whether `key` is a valid message key. */
export function isValidMsgKey(key: string): boolean {
  return MSG_KEY.test(key);
}

/** The number of a message key. @throws Error 'msgKey is not valid' */
export function msgKeyNumber(key: string): number {
  if (!isValidMsgKey(key)) throw new Error(MSG_KEY_ERROR);
  return Number(key.slice(4));
}

/** A key generator: `msg_<now>`, or previous + 1 when the clock did not move on. */
export function createMsgKeyFactory(clock: () => number = Date.now): () => string {
  let last = 0;
  return () => {
    const n = Math.max(clock(), last + 1);
    last = n;
    return `msg_${n}`;
  };
}

/** The app-wide extMsgId generator. */
export const nextExtMsgId = createMsgKeyFactory();
