import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPE_LABELS,
  AUDIT_ENTITY_TYPES,
  auditActionLabel,
  isAuditEntityType,
} from './audit.js';

describe('audit log catalogue (issue 10)', () => {
  it('every kind of record and every action has a Russian label; actions name a known kind', () => {
    for (const t of AUDIT_ENTITY_TYPES) expect(AUDIT_ENTITY_TYPE_LABELS[t]).toMatch(/[А-Яа-я]/);
    for (const a of Object.values(AUDIT_ACTIONS)) {
      expect(a.label).toMatch(/[А-Яа-я]/);
      expect(isAuditEntityType(a.entityType)).toBe(true);
    }
  });

  it('labels a known action and shows an unknown one as itself', () => {
    expect(auditActionLabel('CLIENT_STATUS_CHANGE')).toBe('Смена статуса клиента');
    expect(auditActionLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  it('tells a kind of record of the catalogue from another code', () => {
    expect(isAuditEntityType('OPERATOR')).toBe(true);
    expect(isAuditEntityType('ORDER')).toBe(false);
  });
});
