/**
 * Operator rights and roles (spec core §6 "operators have selectable roles with included rights (names of rights not
 * shown)"; §3 "Operator: roles"). The names are designed here, once, for every tier: the backend checks a right on
 * every operator route (403 RIGHT_REQUIRED otherwise), the gateway exposes them as `viewerCan…` flags and the web app
 * shows only the navigation the rights allow.
 *
 * An operator's effective rights are the union of the rights of his roles and his extra rights.
 */

/** The rights of operators. */
export const OPERATOR_RIGHTS = [
  'ORDERS_VIEW',
  'ORDERS_MANAGE',
  'CLIENTS',
  'PAYMENT_AGENTS',
  'REFERRAL_PARTNERS',
  'OPERATORS',
  'AUDIT_LOG',
  'SUPPORT',
] as const;
export type OperatorRight = (typeof OPERATOR_RIGHTS)[number];

/** Russian name and what a right allows, as the rights editor shows them. */
export const OPERATOR_RIGHT_INFO: Record<OperatorRight, { label: string; description: string }> = {
  ORDERS_VIEW: { label: 'Просмотр заявок', description: 'Список заявок, карточка заявки, комментарии и документы' },
  ORDERS_MANAGE: {
    label: 'Работа с заявками',
    description:
      'Взять в работу, изменить, отклонить, закрыть, комментировать, отправить платёжным агентам, подтвердить счёт',
  },
  CLIENTS: {
    label: 'Клиенты',
    description: 'Список и карточки клиентов, смена статуса клиента (верификация, блокировка)',
  },
  PAYMENT_AGENTS: { label: 'Платёжные агенты', description: 'Создание, карточки, блокировка платёжных агентов' },
  REFERRAL_PARTNERS: { label: 'Партнёры', description: 'Создание, карточки, документы и блокировка партнёров' },
  OPERATORS: { label: 'Сотрудники', description: 'Создание и изменение сотрудников, их ролей, прав и статуса' },
  AUDIT_LOG: { label: 'Журнал изменений', description: 'Просмотр журнала административных изменений' },
  SUPPORT: { label: 'Поддержка', description: 'Чаты поддержки с клиентами и агентами' },
};

/** Operator roles: named sets of rights. */
export const OPERATOR_ROLES = ['ADMIN', 'SENIOR_OPERATOR', 'OPERATOR', 'SUPPORT', 'AUDITOR'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Each role's Russian name and rights. */
export const OPERATOR_ROLE_INFO: Record<OperatorRole, { label: string; rights: readonly OperatorRight[] }> = {
  ADMIN: { label: 'Администратор', rights: OPERATOR_RIGHTS },
  SENIOR_OPERATOR: {
    label: 'Старший оператор',
    rights: ['ORDERS_VIEW', 'ORDERS_MANAGE', 'CLIENTS', 'PAYMENT_AGENTS', 'REFERRAL_PARTNERS', 'AUDIT_LOG', 'SUPPORT'],
  },
  OPERATOR: { label: 'Оператор заявок', rights: ['ORDERS_VIEW', 'ORDERS_MANAGE', 'SUPPORT'] },
  SUPPORT: { label: 'Поддержка', rights: ['ORDERS_VIEW', 'SUPPORT'] },
  AUDITOR: { label: 'Аудитор', rights: ['ORDERS_VIEW', 'AUDIT_LOG'] },
};

/** True for a known right code. */
export function isOperatorRight(code: string): code is OperatorRight {
  return (OPERATOR_RIGHTS as readonly string[]).includes(code);
}

/** True for a known role code. */
export function isOperatorRole(code: string): code is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(code);
}

/**
 * Effective rights of an operator: the union of his roles' rights and his extra rights, in catalogue order.
 * Unknown role or right codes are ignored (a stored value from an older catalogue grants nothing).
 */
export function effectiveRights(roles: readonly string[], rights: readonly string[]): OperatorRight[] {
  const granted = new Set<string>(rights);
  for (const role of roles) if (isOperatorRole(role)) for (const r of OPERATOR_ROLE_INFO[role].rights) granted.add(r);
  return OPERATOR_RIGHTS.filter((r) => granted.has(r));
}

/** Why a change of an operator's rights or status is refused, or null when it is allowed. */
export type SelfChangeRefusal = 'OWN_OPERATORS_RIGHT' | 'SELF_SUSPEND';

/** Texts of the refusals (shown to the operator). */
export const SELF_CHANGE_MESSAGES: Record<SelfChangeRefusal, string> = {
  OWN_OPERATORS_RIGHT: 'Нельзя снять с себя право управления сотрудниками',
  SELF_SUSPEND: 'Нельзя заблокировать самого себя',
};

/**
 * The self-protection rule (issue 10): an operator cannot remove his own OPERATORS right and cannot suspend himself.
 * `actorId` is the operator making the change, `targetId` the operator changed; `next` is the target's new roles and
 * extra rights (for a rights change) or `status` the new status (for a status change).
 */
export function selfChangeRefusal(
  actorId: number,
  targetId: number,
  change: { roles: readonly string[]; rights: readonly string[] } | { status: 'ACTIVE' | 'SUSPENDED' },
): SelfChangeRefusal | null {
  if (actorId !== targetId) return null;
  if ('status' in change) return change.status === 'SUSPENDED' ? 'SELF_SUSPEND' : null;
  return effectiveRights(change.roles, change.rights).includes('OPERATORS') ? null : 'OWN_OPERATORS_RIGHT';
}
