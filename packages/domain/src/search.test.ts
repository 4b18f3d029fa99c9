/** spec core §5 "Search inputs": TN VED queries, the order number filter, company search by INN or name. */
import { describe, expect, it } from 'vitest';
import { classifyTnvedQuery, companyQuery, isInnQuery, numericOrderFilter, tnvedParentRef } from './search.js';

describe('TN VED query (spec core §5)', () => {
  it('numeric input is a code suggestion, text a name suggestion, 36 characters a key hash', () => {
    expect(classifyTnvedQuery('8471')).toEqual({ kind: 'code', value: '8471' });
    expect(classifyTnvedQuery(' 8471 30 ')).toEqual({ kind: 'code', value: '847130' });
    expect(classifyTnvedQuery('компьютеры')).toEqual({ kind: 'name', value: 'компьютеры' });
    const hash = '0f8fad5b-d9cb-569f-a165-70867728950e';
    expect(classifyTnvedQuery(hash)).toEqual({ kind: 'keyHash', value: hash });
    expect(tnvedParentRef(hash)).toEqual({ parentKeyHash: hash });
    expect(tnvedParentRef('84')).toEqual({ parentCode: '84' });
  });
});

describe('order number filter (spec core §5)', () => {
  it('applies only when numeric', () => {
    expect(numericOrderFilter('123')).toBe(123);
    expect(numericOrderFilter(' 42 ')).toBe(42);
    expect(numericOrderFilter('12a')).toBeUndefined();
    expect(numericOrderFilter('')).toBeUndefined();
    expect(numericOrderFilter(null)).toBeUndefined();
  });
});

describe('company search (spec core §5: numeric text is INN, otherwise name)', () => {
  it('classifies the text and splits it into the registry search variables', () => {
    expect(isInnQuery('7707083893')).toBe(true);
    expect(isInnQuery(' 7707 ')).toBe(true);
    expect(isInnQuery('Ромашка')).toBe(false);
    expect(isInnQuery('ООО 123')).toBe(false);
    expect(companyQuery(' 7707 ')).toEqual({ inn: '7707' });
    expect(companyQuery('Ромашка')).toEqual({ name: 'Ромашка' });
    expect(companyQuery('  ')).toBeNull();
  });
  it('the order filter refuses zero, signs, decimals and numbers past 15 digits', () => {
    expect(numericOrderFilter('0')).toBeUndefined();
    expect(numericOrderFilter('-1')).toBeUndefined();
    expect(numericOrderFilter('1.5')).toBeUndefined();
    expect(numericOrderFilter('1234567890123456')).toBeUndefined();
    expect(numericOrderFilter('999999999999999')).toBe(999999999999999);
  });
});
