/**
 * Chat error texts (spec chat §5, §8), quoted exactly where the spec quotes them, and the stable codes
 * that go with them in `{ message, code }` answers (DESIGN "Errors").
 *
 * PIN_LIMIT: the spec names the situation only ("pin limit exceeded (maximum 5 pinned chats)", chat §8 via
 * the core platform) without a Russian text; 'Превышен лимит закреплённых чатов (максимум 5)' is our text.
 */
export const CHAT_ERRORS = {
  /** chat §5, §8: a message key that is not `msg_<number>`. */
  MSG_KEY_INVALID: 'msgKey is not valid',
  /** chat §8 (core platform user-facing chat errors): a sixth favourite. Our wording, see above. */
  PIN_LIMIT: 'Превышен лимит закреплённых чатов (максимум 5)',
  /** chat §5: group search shorter than the minimum. The spec gives no text (nothing is fetched); ours. */
  SEARCH_TOO_SHORT: 'Для поиска введите не менее 3 символов',
  /** A group that does not exist, was deleted, or where the caller is not a member (the backend's 404, the web route). */
  CHAT_NOT_FOUND: 'Чат не найден',
  /** chat §5, §8. */
  GROUP_INFO_NOT_LOADED: 'Group info not loaded',
  /** chat §5, §8. */
  STATISTICS_NOT_LOADED: 'Не загружена статистика',
  /** chat §5, §8. */
  TYPING_WITHOUT_GROUP_OR_SENDER: 'Группы или пользователя нет',
  /** chat §5, §8. */
  PROFILE_NOT_LOADED: 'Не загружен профиль пользователя',
  /**
   * chat §5, §8 "too many attachments": more than MAX_PICTURES_PER_MESSAGE (10, designed) pictures in one message.
   * The spec names the situation only; the text is ours.
   */
  TOO_MANY_ATTACHMENTS: 'Можно прикрепить не более 10 изображений',
  /** More than MAX_FILES_PER_MESSAGE (1, designed) non-picture files in one message (chat §5 limits). Our text. */
  TOO_MANY_FILES: 'Можно прикрепить только один файл',
  /** A message without text, file, pictures, forward or metaData (validateChatMessage). Our text. */
  EMPTY_MESSAGE: 'Сообщение не может быть пустым',
  /** A message text over MAX_MESSAGE_TEXT_LENGTH (10 000 characters, designed). Our text. */
  MESSAGE_TOO_LONG: 'Сообщение слишком длинное (не более 10 000 символов)',
  /** chat §5: a picture must be a jpg, jpeg, png or webp image (by name and by content). Our text. */
  NOT_A_PICTURE: 'Картинка должна быть в формате jpg, jpeg, png или webp',
  /** An attachment id that is not the sender's own unattached upload (or does not exist). */
  FILE_NOT_FOUND: 'Файл не найден',
  /** chat §6 personal chat types: the caller's account type may not have the group type (ECVP_SUPPORT: never by hand). Our text. */
  GROUP_TYPE_NOT_ALLOWED: 'Этот тип чата вам недоступен',
  /** chat §6: a listed or invited user may not take part in a group of that type (or is unknown / suspended). Our text. */
  MEMBER_NOT_ALLOWED: 'Пользователь не может участвовать в чате этого типа',
  /** chat §6 alliances: invitations only into an ECVP_PARTNER_CLIENT group. Our text. */
  NOT_ALLIANCE: 'Приглашать можно только в альянс',
  /** The invited user is an active member already. Our text. */
  ALREADY_MEMBER: 'Пользователь уже участник чата',
  /** The user has a PENDING invitation to the alliance already. Our text. */
  ALREADY_INVITED: 'Пользователь уже приглашён в этот альянс',
  /** No invitation of the caller with that id (or its alliance was deleted). Our text. */
  INVITATION_NOT_FOUND: 'Приглашение не найдено',
  /** The invitation was accepted or declined before. Our text. */
  INVITATION_DECIDED: 'Приглашение уже обработано',
} as const;

/** Stable machine codes for the texts above. */
export type ChatErrorCode = keyof typeof CHAT_ERRORS;

/** A chat rule failure: `code` is stable, `message` is the Russian (or spec-quoted) text. */
export class ChatRuleError extends Error {
  constructor(public readonly code: ChatErrorCode) {
    super(CHAT_ERRORS[code]);
    this.name = 'ChatRuleError';
  }
}
