/**
 * Fit overrides of the scoring (issue 10; web/src/apps/operator/fea/OperatorScoring.tsx): which chosen agents do not
 * fit the request and so need the operator's comment, the `overrides` to send, and the agents whose comment is missing
 * (the form asks for it before sending).
 */

/** A scoring candidate as the override rule reads it. */
export interface OverrideCandidate {
  readonly partnerId: number;
  readonly fit: { readonly fits: boolean };
}

/** Longest override comment (backend …/partners/send `overrides[].comment`). */
export const OVERRIDE_COMMENT_MAX = 1000;

/**
 * The `overrides` for the chosen agents that do not fit (trimmed comments) and the ids of those still without a
 * comment; nothing can be sent while `missing` is not empty.
 */
export function scoringOverrides(
  candidates: ReadonlyArray<OverrideCandidate>,
  chosen: ReadonlySet<number>,
  comments: Readonly<Record<number, string>>,
): { overrides: Array<{ partnerId: number; comment: string }>; missing: number[] } {
  const unfit = candidates.filter((c) => chosen.has(c.partnerId) && !c.fit.fits).map((c) => c.partnerId);
  const overrides = unfit.map((partnerId) => ({ partnerId, comment: (comments[partnerId] ?? '').trim() }));
  return { overrides, missing: overrides.filter((o) => !o.comment).map((o) => o.partnerId) };
}
