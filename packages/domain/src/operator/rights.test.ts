import { describe, expect, it } from 'vitest';
import {
  effectiveRights,
  isOperatorRight,
  isOperatorRole,
  OPERATOR_RIGHTS,
  OPERATOR_RIGHT_INFO,
  OPERATOR_ROLE_INFO,
  OPERATOR_ROLES,
  selfChangeRefusal,
} from './rights.js';

describe('operator rights and roles (issue 10, spec core §6)', () => {
  it('every right and role has a Russian label', () => {
    for (const r of OPERATOR_RIGHTS) expect(OPERATOR_RIGHT_INFO[r].label).toMatch(/[А-Яа-я]/);
    for (const r of OPERATOR_ROLES) expect(OPERATOR_ROLE_INFO[r].label).toMatch(/[А-Яа-я]/);
  });

  it('effective rights are the union of role rights and extra rights, in catalogue order', () => {
    expect(effectiveRights(['SUPPORT'], ['CLIENTS'])).toEqual(['ORDERS_VIEW', 'CLIENTS', 'SUPPORT']);
    expect(effectiveRights(['ADMIN'], [])).toEqual([...OPERATOR_RIGHTS]);
    expect(effectiveRights([], [])).toEqual([]);
  });

  it('unknown codes grant nothing', () => {
    expect(effectiveRights(['GOD'], ['EVERYTHING', 'AUDIT_LOG'])).toEqual(['AUDIT_LOG']);
    expect(isOperatorRight('CLIENTS')).toBe(true);
    expect(isOperatorRight('VERIFIED_CLIENT')).toBe(false);
    expect(isOperatorRole('AUDITOR')).toBe(true);
    expect(isOperatorRole('ROOT')).toBe(false);
  });

  it('an operator cannot remove his own OPERATORS right nor suspend himself; others can be changed', () => {
    expect(selfChangeRefusal(1, 1, { roles: ['OPERATOR'], rights: [] })).toBe('OWN_OPERATORS_RIGHT');
    expect(selfChangeRefusal(1, 1, { roles: ['OPERATOR'], rights: ['OPERATORS'] })).toBeNull();
    expect(selfChangeRefusal(1, 1, { roles: ['ADMIN'], rights: [] })).toBeNull();
    expect(selfChangeRefusal(1, 1, { status: 'SUSPENDED' })).toBe('SELF_SUSPEND');
    expect(selfChangeRefusal(1, 1, { status: 'ACTIVE' })).toBeNull();
    expect(selfChangeRefusal(1, 2, { status: 'SUSPENDED' })).toBeNull();
    expect(selfChangeRefusal(1, 2, { roles: [], rights: [] })).toBeNull();
  });
});
