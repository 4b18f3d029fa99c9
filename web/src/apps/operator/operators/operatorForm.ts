/**
 * Pure rules of the operator administration screens (issue 10; spec core §3 "Operator", §5 validation, §6 rights):
 * the person form (names in Russian letters, e-mail, phones of 10 digits), its GraphQL input, the list filters and
 * the rights editor's effective rights (`@platform/domain/operator/rights`, the same rule the server applies).
 */
import {
  effectiveRights,
  OPERATOR_RIGHTS,
  OPERATOR_ROLES,
  type OperatorRight,
  type OperatorRole,
} from '@platform/domain/operator/rights';
import { checkRussianName } from '@platform/domain/validation/rules';
import {
  MESSAGES,
  normalizePhone,
  validateEmail,
  validatePhone,
  type ValidationResult,
} from '../../../system/validation';

export { OPERATOR_RIGHTS, OPERATOR_ROLES, type OperatorRight, type OperatorRole };

export const OPERATOR_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type OperatorStatusValue = (typeof OPERATOR_STATUSES)[number];

/** The person fields as the form holds them (strings; blank = none). */
export interface OperatorFormValues {
  surname: string;
  name: string;
  patronymic: string;
  position: string;
  email: string;
  phone: string;
  additionalPhone: string;
}

export const EMPTY_OPERATOR_FORM: OperatorFormValues = {
  surname: '',
  name: '',
  patronymic: '',
  position: '',
  email: '',
  phone: '',
  additionalPhone: '',
};

/** A required Russian name (surname, name). */
export function validateRequiredName(value: string | null | undefined): ValidationResult {
  const v = (value ?? '').trim();
  if (!v) return MESSAGES.required;
  return checkRussianName(v)?.message ?? true;
}

/** An optional Russian name (patronymic). */
export function validateOptionalName(value: string | null | undefined): ValidationResult {
  const v = (value ?? '').trim();
  return v ? (checkRussianName(v)?.message ?? true) : true;
}

/** A required e-mail. */
export function validateRequiredEmail(value: string | null | undefined): ValidationResult {
  return (value ?? '').trim() ? validateEmail(value) : MESSAGES.required;
}

/** An optional phone (10 digits once separators are dropped). */
export function validateOptionalPhone(value: string | null | undefined): ValidationResult {
  return (value ?? '').trim() ? validatePhone(value) : true;
}

const blankToNull = (v: string) => (v.trim() ? v.trim() : null);

/** The person fields as the mutations' input (blank → null, phones normalised to 10 digits). */
export function personInput(v: OperatorFormValues) {
  return {
    surname: v.surname.trim(),
    name: v.name.trim(),
    patronymic: blankToNull(v.patronymic),
    position: blankToNull(v.position),
    email: v.email.trim(),
    phone: v.phone.trim() ? normalizePhone(v.phone) : null,
    additionalPhone: v.additionalPhone.trim() ? normalizePhone(v.additionalPhone) : null,
  };
}

/** The form values of a stored operator. */
export function formOf(o: {
  surname: string;
  name: string;
  patronymic: string | null | undefined;
  position: string | null | undefined;
  email: string;
  phone: string | null | undefined;
  additionalPhone: string | null | undefined;
}): OperatorFormValues {
  return {
    surname: o.surname,
    name: o.name,
    patronymic: o.patronymic ?? '',
    position: o.position ?? '',
    email: o.email,
    phone: o.phone ?? '',
    additionalPhone: o.additionalPhone ?? '',
  };
}

/** The list filter form. */
export interface OperatorFilterValues {
  query: string;
  status: '' | OperatorStatusValue;
  role: '' | OperatorRole;
}

export const EMPTY_OPERATOR_FILTERS: OperatorFilterValues = { query: '', status: '', role: '' };

/** The list filter as the query's `OperatorFilter` (blank fields left out). */
export function operatorFilterVariables(f: OperatorFilterValues): {
  query?: string;
  status?: OperatorStatusValue;
  role?: OperatorRole;
} {
  const out: { query?: string; status?: OperatorStatusValue; role?: OperatorRole } = {};
  if (f.query.trim()) out.query = f.query.trim();
  if (f.status) out.status = f.status;
  if (f.role) out.role = f.role;
  return out;
}

/** Toggles `item` in `list`, keeping the catalogue order of `order`. */
export function toggled<T extends string>(list: readonly T[], item: T, on: boolean, order: readonly T[]): T[] {
  const set = new Set<T>(list);
  if (on) set.add(item);
  else set.delete(item);
  return order.filter((x) => set.has(x));
}

/** The rights editor's state: effective rights, and which extra rights come from a role already. */
export function rightsState(roles: readonly string[], extra: readonly string[]) {
  const effective = effectiveRights(roles, extra);
  const fromRoles = new Set(effectiveRights(roles, []));
  return { effective, fromRoles };
}

/**
 * Whether the editor may send `roles` and `extra` for this operator: one cannot remove his own OPERATORS right
 * (spec: issue 10; the server answers 409 OWN_OPERATORS_RIGHT).
 */
export function keepsOwnOperatorsRight(isViewer: boolean, roles: readonly string[], extra: readonly string[]): boolean {
  return !isViewer || effectiveRights(roles, extra).includes('OPERATORS');
}
