import { describe, expect, it } from 'vitest';
import { changesOf, displayValue } from './changes.js';

describe('audit entry changes (issue 10)', () => {
  it('shows text as is, numbers and booleans as text, lists and objects as JSON, null as null', () => {
    expect(displayValue('VERIFIED')).toBe('VERIFIED');
    expect(displayValue(12.5)).toBe('12.5');
    expect(displayValue(false)).toBe('false');
    expect(displayValue(['CN', 'TR'])).toBe('["CN","TR"]');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue(null)).toBeNull();
    expect(displayValue(undefined)).toBeNull();
  });

  it('lists the fields of after, then those only in before; a create has no before', () => {
    expect(changesOf({ b: 1, gone: 'x' }, { a: 'new', b: 2 })).toEqual([
      { field: 'a', before: null, after: 'new' },
      { field: 'b', before: '1', after: '2' },
      { field: 'gone', before: 'x', after: null },
    ]);
    expect(changesOf(null, { name: 'Агент' })).toEqual([{ field: 'name', before: null, after: 'Агент' }]);
    expect(changesOf(null, null)).toEqual([]);
  });
});
