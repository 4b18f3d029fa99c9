/**
 * The audit log's catalogue (issue 10), once for every tier: the kinds of records an entry names and the actions the
 * administration writes (backend `recordAudit`), with the Russian labels the log shows. The backend labels the
 * entries with it, the gateway maps the kinds to the GraphQL enum `AuditEntityType`, the web app offers them in the
 * /operator/audit filter. An action code missing here is still listed and shown as itself (`auditActionLabel`).
 */

/** Kinds of records, in the order the filter offers them. */
export const AUDIT_ENTITY_TYPES = [
  'CLIENT',
  'PAYMENT_AGENT',
  'REFERRAL_PARTNER',
  'REFERRAL_PARTNER_DOCUMENT',
  'OPERATOR',
  'PARTNER_ORDER',
  'CALLBACK_REQUEST',
  'CLIENT_RECOMMENDATION',
  'CARD_LEAD',
] as const;
/** A kind of record an audit entry names. */
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Russian name of each kind of record. */
export const AUDIT_ENTITY_TYPE_LABELS: Record<AuditEntityType, string> = {
  CLIENT: 'Клиент',
  PAYMENT_AGENT: 'Платёжный агент',
  REFERRAL_PARTNER: 'Партнёр',
  REFERRAL_PARTNER_DOCUMENT: 'Документ партнёра',
  OPERATOR: 'Сотрудник',
  PARTNER_ORDER: 'Заявка у платёжного агента',
  CALLBACK_REQUEST: 'Обратный звонок',
  CLIENT_RECOMMENDATION: 'Рекомендация клиента',
  CARD_LEAD: 'Заявка на карту',
};

/** Known action codes: Russian label and the kind of record they change. */
export const AUDIT_ACTIONS: Record<string, { label: string; entityType: AuditEntityType }> = {
  CLIENT_STATUS_CHANGE: { label: 'Смена статуса клиента', entityType: 'CLIENT' },
  PAYMENT_AGENT_CREATE: { label: 'Создание платёжного агента', entityType: 'PAYMENT_AGENT' },
  PAYMENT_AGENT_UPDATE: { label: 'Изменение платёжного агента', entityType: 'PAYMENT_AGENT' },
  PAYMENT_AGENT_BLOCK: { label: 'Блокировка платёжного агента', entityType: 'PAYMENT_AGENT' },
  PAYMENT_AGENT_UNBLOCK: { label: 'Разблокировка платёжного агента', entityType: 'PAYMENT_AGENT' },
  PAYMENT_AGENT_INVITATION: { label: 'Повторное приглашение платёжного агента', entityType: 'PAYMENT_AGENT' },
  FIT_OVERRIDE: {
    label: 'Отправка заявки платёжному агенту вне его условий',
    entityType: 'PARTNER_ORDER',
  },
  REFERRAL_PARTNER_CREATE: { label: 'Создание партнёра', entityType: 'REFERRAL_PARTNER' },
  REFERRAL_PARTNER_UPDATE: { label: 'Изменение партнёра', entityType: 'REFERRAL_PARTNER' },
  REFERRAL_PARTNER_BLOCK: { label: 'Блокировка партнёра', entityType: 'REFERRAL_PARTNER' },
  REFERRAL_PARTNER_UNBLOCK: { label: 'Разблокировка партнёра', entityType: 'REFERRAL_PARTNER' },
  REFERRAL_PARTNER_INVITATION: { label: 'Повторное приглашение партнёра', entityType: 'REFERRAL_PARTNER' },
  REFERRAL_PARTNER_DOCUMENT_ADD: { label: 'Добавление документа партнёра', entityType: 'REFERRAL_PARTNER_DOCUMENT' },
  REFERRAL_PARTNER_DOCUMENT_DELETE: { label: 'Удаление документа партнёра', entityType: 'REFERRAL_PARTNER_DOCUMENT' },
  REFERRAL_PARTNER_DOCUMENT_UPLOAD: {
    label: 'Партнёр загрузил документ',
    entityType: 'REFERRAL_PARTNER_DOCUMENT',
  },
  REFERRAL_PARTNER_DOCUMENT_AGENT_SIGN: {
    label: 'Партнёр подписал документ',
    entityType: 'REFERRAL_PARTNER_DOCUMENT',
  },
  REFERRAL_PARTNER_DOCUMENT_OPERATOR_SIGN: {
    label: 'Оператор подписал документ партнёра',
    entityType: 'REFERRAL_PARTNER_DOCUMENT',
  },
  REFERRAL_PARTNER_DOCUMENT_AGENT_DELETE: {
    label: 'Партнёр удалил документ',
    entityType: 'REFERRAL_PARTNER_DOCUMENT',
  },
  REFERRAL_PARTNER_CONTACTS: { label: 'Партнёр изменил свои контакты', entityType: 'REFERRAL_PARTNER' },
  OPERATOR_CREATE: { label: 'Создание сотрудника', entityType: 'OPERATOR' },
  OPERATOR_UPDATE: { label: 'Изменение сотрудника', entityType: 'OPERATOR' },
  OPERATOR_STATUS_CHANGE: { label: 'Смена статуса сотрудника', entityType: 'OPERATOR' },
  OPERATOR_RIGHTS_CHANGE: { label: 'Изменение ролей и прав сотрудника', entityType: 'OPERATOR' },
  OPERATOR_INVITATION: { label: 'Повторное приглашение сотрудника', entityType: 'OPERATOR' },
  // The operators' inbox (issue 11): an item marked handled or returned to the new ones.
  CALLBACK_STATUS_CHANGE: { label: 'Смена статуса обращения', entityType: 'CALLBACK_REQUEST' },
  RECOMMENDATION_STATUS_CHANGE: { label: 'Смена статуса рекомендации клиента', entityType: 'CLIENT_RECOMMENDATION' },
  LEAD_STATUS_CHANGE: { label: 'Смена статуса заявки на карту', entityType: 'CARD_LEAD' },
  REFERRAL_CLIENT_ADD: { label: 'Партнёр добавил клиента', entityType: 'CLIENT' },
  REFERRAL_CLIENT_REMOVE: { label: 'Партнёр удалил клиента', entityType: 'CLIENT' },
  REFERRAL_CLIENT_CONTACTS: { label: 'Партнёр изменил дополнительные контакты клиента', entityType: 'CLIENT' },
  REFERRAL_CLIENT_CONSENT: { label: 'Клиент ответил на запрос партнёра', entityType: 'CLIENT' },
  // A referral partner acting for his client by re-login (issue 11): the start, the return, every change made.
  REFERRAL_RELOGIN: { label: 'Партнёр вошёл от имени клиента', entityType: 'CLIENT' },
  REFERRAL_RELOGIN_RETURN: { label: 'Партнёр вернулся в свой кабинет', entityType: 'CLIENT' },
  REFERRAL_RELOGIN_REQUEST: { label: 'Действие партнёра от имени клиента', entityType: 'CLIENT' },
};

/** The Russian label of an action code; an unknown code is shown as itself. */
export function auditActionLabel(code: string): string {
  return AUDIT_ACTIONS[code]?.label ?? code;
}

/** True for a kind of record of the catalogue. */
export function isAuditEntityType(code: string): code is AuditEntityType {
  return (AUDIT_ENTITY_TYPES as readonly string[]).includes(code);
}
