/** Russian texts of the support desk and the support chat entry (accessible names: report of issue 4, web/README.md). */
/** The texts, by use. */
export const SUPPORT_TEXTS = {
  /** The operator's navigation link to the desk. */
  nav: 'Поддержка',
  unreadBadge: (n: number) => `Обращений с непрочитанными сообщениями: ${n}`,
  /** The desk's list of support chats. */
  list: 'Обращения',
  search: 'Поиск обращений',
  nothingFound: 'Обращения не найдены',
  empty: 'Обращений пока нет',
  pick: 'Выберите обращение',
  /** The entry to the viewer's own support chat in the chat list (clients, payment agents, referral partners). */
  write: 'Написать в поддержку',
} as const;
