/**
 * The one selection of a business failure (spec core §8): every mutation (and every query answering with a result
 * union) selects `... on UserError { ...userErrorFragment @alias(as: "userError") }` instead of listing the fields
 * itself. The fragment is `@inline`, so the fields are masked in the result's type and read outside components with
 * `readInlineData` (Relay's reader for non-React code): `userErrorOf(result)` on the whole union member, or
 * `readUserError(result.userError)`.
 */
import { graphql, readInlineData } from 'react-relay';
import type { userErrorFragment$data, userErrorFragment$key } from '../../__generated__/userErrorFragment.graphql';

export const USER_ERROR_FRAGMENT = graphql`
  fragment userErrorFragment on UserError @inline {
    code
    message
    field
    fieldErrors {
      field
      code
      message
    }
    retryAfterSeconds
  }
`;

/**
 * A `UserError` as read: `code` (stable machine code, e.g. VALIDATION_ERROR, CONFLICT), `message` (the server's
 * Russian text), `field` (dotted input path the whole error is about, or null), `fieldErrors` (per-field problems of
 * a VALIDATION_ERROR: `{ field, code, message }`, empty otherwise), `retryAfterSeconds` (seconds to wait for
 * RESEND_TOO_EARLY and limits, or null). Spec core §8.
 */
export type UserErrorData = userErrorFragment$data;

/** The masked `UserError` member of a result union (what a `...userErrorFragment` spread leaves in the data). */
export type UserErrorRef = userErrorFragment$key;

/**
 * Reads the fields of the `userError` reference of a `UserError` member (`r.userError` after narrowing on
 * `r.__typename === 'UserError'`). Throws when the reference is missing: the selection lacks the spread.
 */
export function readUserError(ref: UserErrorRef | null | undefined): UserErrorData {
  if (!ref) throw new Error('UserError read without `...userErrorFragment @alias(as: "userError")`');
  return readInlineData(USER_ERROR_FRAGMENT, ref);
}

/**
 * A member of a result union: its `__typename`, and on the `UserError` member the `userError` reference the spread
 * `... on UserError { ...userErrorFragment @alias(as: "userError") }` leaves (Relay 21 wants spreads on a union aliased;
 * the alias is null on every other member).
 */
export interface ResultMember {
  readonly __typename: string;
  readonly userError?: UserErrorRef | null;
}

/**
 * The `UserError` of a result union member, read through the fragment, or null for any other member (a success,
 * Relay's `%other`) and for a missing result.
 */
export function userErrorOf(result: ResultMember | null | undefined): UserErrorData | null {
  return result?.__typename === 'UserError' && result.userError ? readUserError(result.userError) : null;
}
