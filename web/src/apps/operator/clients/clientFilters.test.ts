/** /operator/clients filters and status actions (issue 10; spec core §3 "Operator client filter", §4, §5). */
import { describe, expect, it } from 'vitest';
import { EMPTY_CLIENT_FILTERS, clientFilterVariables, periodInvalid, statusActions } from './clientFilters';

describe('client filter variables (spec core §3 "Operator client filter")', () => {
  it('sends only the set fields; the text trimmed; a reversed period is not sent', () => {
    expect(clientFilterVariables(EMPTY_CLIENT_FILTERS)).toEqual({});
    expect(
      clientFilterVariables({ status: 'SUSPENDED', nameInn: '  9701160591 ', from: '2026-01-01', to: '2026-01-31' }),
    ).toEqual({ status: 'SUSPENDED', nameInn: '9701160591', registeredFrom: '2026-01-01', registeredTo: '2026-01-31' });
    const reversed = { ...EMPTY_CLIENT_FILTERS, from: '2026-02-01', to: '2026-01-01' };
    expect(periodInvalid(reversed)).toBe(true);
    expect(clientFilterVariables(reversed)).toEqual({});
    expect(clientFilterVariables({ ...EMPTY_CLIENT_FILTERS, status: 'GONE', from: '01.02.2026' })).toEqual({});
  });
});

describe('status actions (spec core §4 "Clients … can be blocked and unblocked")', () => {
  it('offers verify and block for a new client, block and back to new for a verified one', () => {
    expect(statusActions('NEW', ['VERIFIED', 'SUSPENDED'], false)).toEqual([
      { target: 'VERIFIED', kind: 'VERIFIED' },
      { target: 'SUSPENDED', kind: 'SUSPENDED' },
    ]);
    expect(statusActions('VERIFIED', ['NEW', 'SUSPENDED'], true)).toEqual([
      { target: 'SUSPENDED', kind: 'SUSPENDED' },
      { target: 'NEW', kind: 'NEW' },
    ]);
  });
  it('unsuspends back to VERIFIED when the signature was confirmed, else to NEW; nothing without the right', () => {
    expect(statusActions('SUSPENDED', ['NEW', 'VERIFIED'], true)).toEqual([
      { target: 'VERIFIED', kind: 'unsuspend' },
      { target: 'NEW', kind: 'NEW' },
    ]);
    expect(statusActions('SUSPENDED', ['NEW', 'VERIFIED'], false)).toEqual([
      { target: 'NEW', kind: 'unsuspend' },
      { target: 'VERIFIED', kind: 'VERIFIED' },
    ]);
    expect(statusActions('NEW', [], false)).toEqual([]);
  });
});
