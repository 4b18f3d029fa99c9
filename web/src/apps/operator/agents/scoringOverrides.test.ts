/** Fit overrides of the scoring (issue 10: sending a request to an agent it does not fit needs a comment). */
import { describe, expect, it } from 'vitest';
import { scoringOverrides } from './scoringOverrides';

const candidates = [
  { partnerId: 1, fit: { fits: true } },
  { partnerId: 2, fit: { fits: false } },
  { partnerId: 3, fit: { fits: false } },
];

describe('scoring overrides (issue 10)', () => {
  it('fitting agents need no comment; unchosen agents are ignored', () => {
    expect(scoringOverrides(candidates, new Set([1]), {})).toEqual({ overrides: [], missing: [] });
  });
  it('a chosen agent that does not fit needs a non-blank comment, sent trimmed', () => {
    expect(scoringOverrides(candidates, new Set([1, 2, 3]), { 2: '  согласовано  ', 3: '   ' })).toEqual({
      overrides: [
        { partnerId: 2, comment: 'согласовано' },
        { partnerId: 3, comment: '' },
      ],
      missing: [3],
    });
    expect(scoringOverrides(candidates, new Set([2]), { 2: 'ок' }).missing).toEqual([]);
  });
});
