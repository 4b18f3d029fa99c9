/**
 * The composer's extMsgId (spec chat §5 message keys `msg_<number>`): one app-wide generator of
 * @platform/domain/chat/message createMsgKeyFactory, `msg_<Date.now()>` kept strictly increasing so two sends in the
 * same millisecond differ. Validation and parsing of keys are in the same module (isValidMsgKey, parseMsgKey).
 */
import { createMsgKeyFactory } from '@platform/domain/chat/message';

/** The app-wide extMsgId generator. */
export const nextExtMsgId = createMsgKeyFactory();
