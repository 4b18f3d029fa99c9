/**
 * The recommend-a-client form's rules (issue 11; spec core §2 Shared, §5): the field checks of
 * @platform/domain/operator/inbox `recommendationIssues` — the very ones the server applies — as react-hook-form
 * `validate` functions, and the mutation input built from the typed values.
 */
import { recommendationIssues, RECOMMENDATION_LIMITS } from '@platform/domain/operator/inbox';
import type { ValidationResult } from '../../../system/validation';

/** The form's values as typed. */
export interface RecommendValues {
  companyName: string;
  inn: string;
  contactName: string;
  phone: string;
  email: string;
  comment: string;
}

/** The fields of the form, in screen order. */
export const RECOMMEND_FIELDS = ['companyName', 'inn', 'contactName', 'phone', 'email', 'comment'] as const;

export const EMPTY_RECOMMENDATION: RecommendValues = {
  companyName: '',
  inn: '',
  contactName: '',
  phone: '',
  email: '',
  comment: '',
};

export { RECOMMENDATION_LIMITS };

/** The `validate` of one field: the domain's message for that field, or true. */
export function validateRecommendField(
  field: keyof RecommendValues,
): (value: string, values: RecommendValues) => ValidationResult {
  return (_value, values) => recommendationIssues(values).find((i) => i.field === field)?.message ?? true;
}

/** The `recommendClient` input: trimmed, empty optional fields null. */
export function toRecommendInput(v: RecommendValues) {
  const opt = (s: string) => (s.trim() ? s.trim() : null);
  return {
    companyName: v.companyName.trim(),
    inn: opt(v.inn),
    contactName: v.contactName.trim(),
    phone: v.phone.trim(),
    email: opt(v.email),
    comment: opt(v.comment),
  };
}
