import { describe, expect, it } from 'vitest';
import { DOMAIN_PACKAGE_VERSION } from './limits.js';

describe('limits', () => {
  it('exports the package version', () => {
    expect(DOMAIN_PACKAGE_VERSION).toBe(1);
  });
});
