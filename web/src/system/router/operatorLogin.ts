/** Where guests of the operator area go (spec core §2 "Operators are sent to an external operator login instead"). */

/** Set VITE_OPERATOR_LOGIN_URL to an absolute URL for an external page; its host is then allowed by the navigation rules. */
export const OPERATOR_LOGIN_URL: string = import.meta.env.VITE_OPERATOR_LOGIN_URL ?? '/operator/auth';
