import { describe, expect, it } from 'vitest';
import { auditFilterVariables, auditFiltersFromParams, EMPTY_AUDIT_FILTERS, periodInvalid } from './auditFilters';

describe('audit log filters (issue 10)', () => {
  it('sends only the set fields', () => {
    expect(auditFilterVariables(EMPTY_AUDIT_FILTERS)).toEqual({});
    expect(
      auditFilterVariables({
        entityType: 'CLIENT',
        entityId: '',
        action: 'CLIENT_STATUS_CHANGE',
        actor: '7',
        from: '2026-03-01',
        to: '2026-03-31',
      }),
    ).toEqual({
      entityType: 'CLIENT',
      action: 'CLIENT_STATUS_CHANGE',
      actorUserId: 7,
      period: { from: '2026-03-01', to: '2026-03-31' },
    });
    expect(auditFilterVariables({ ...EMPTY_AUDIT_FILTERS, to: '2026-03-31' })).toEqual({
      period: { to: '2026-03-31' },
    });
  });

  it('leaves out unknown values and a period whose start is after its end', () => {
    const v = {
      entityType: 'COMPANY',
      entityId: 'a b',
      action: 'x',
      actor: 'me',
      from: '2026-04-01',
      to: '2026-03-01',
    };
    expect(periodInvalid(v)).toBe(true);
    expect(auditFilterVariables(v)).toEqual({});
    expect(periodInvalid({ ...v, to: '2026-04-01' })).toBe(false);
  });

  it("takes the filters of a link: one record's history", () => {
    const v = auditFiltersFromParams(new URLSearchParams('entityType=CLIENT&entityId=7&utm=x'));
    expect(v).toEqual({ ...EMPTY_AUDIT_FILTERS, entityType: 'CLIENT', entityId: '7' });
    expect(auditFilterVariables(v)).toEqual({ entityType: 'CLIENT', entityId: '7' });
  });
});
