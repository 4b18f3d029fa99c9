/**
 * The reference-data preload (spec chat-and-shell §7 "loads all countries, all currencies ... once, in the background";
 * §8 "Reference-data load error: passed to the error logger, nothing is shown") and the analytics guest flag read from
 * the viewer in the store (chat-and-shell §1, §4).
 */
import { describe, expect, it, vi } from 'vitest';
import { createOperationDescriptor, getRequest } from 'relay-runtime';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { preloadReferenceData, referencePreloadQuery } from './referencePreload';
import { guestOf } from './guestFlag';

describe('reference-data preload', () => {
  it('asks once per environment and keeps the answer in the store for later pages', () => {
    const environment = createMockEnvironment();
    const log = vi.fn();
    expect(preloadReferenceData(environment, log)).toBe(true);
    expect(preloadReferenceData(environment, log)).toBe(false);
    const operations = environment.mock.getAllOperations();
    expect(operations).toHaveLength(1);
    expect(operations[0].request.node.params.name).toBe('referencePreloadQuery');
    environment.mock.resolve(
      operations[0],
      MockPayloadGenerator.generate(operations[0], {
        Currency: () => ({ currencyCode: 'USD', currencyName: 'Доллар США', popular: true }),
        Country: () => ({ countryCode: 'CN', countryName: 'Китай', countryShortName: 'Китай' }),
      }),
    );
    const stored = environment.lookup(createOperationDescriptor(getRequest(referencePreloadQuery), {}).fragment);
    expect(stored.isMissingData).toBe(false);
    expect((stored.data as { currencies: unknown[] }).currencies[0]).toMatchObject({ currencyCode: 'USD' });
    expect(environment.check(createOperationDescriptor(getRequest(referencePreloadQuery), {}))).toMatchObject({
      status: 'available',
    });
    expect(log).not.toHaveBeenCalled();
    // a fresh environment (the store dropped on sign-out) preloads again
    expect(preloadReferenceData(createMockEnvironment(), log)).toBe(true);
  });

  it('a failure is logged only', () => {
    const environment = createMockEnvironment();
    const log = vi.fn();
    preloadReferenceData(environment, log);
    const failure = new Error('Что-то пошло не так');
    expect(() => environment.mock.reject(environment.mock.getMostRecentOperation(), failure)).not.toThrow();
    expect(log).toHaveBeenCalledWith('[reference-data] preload failed', failure);
  });
});

describe('analytics guest flag from the viewer', () => {
  it('signed in → false, signed out → true, not loaded → unchanged', () => {
    expect(guestOf({ viewer: { id: 'V', email: 'client@example.com' } })).toBe(false);
    expect(guestOf({ viewer: null })).toBe(true);
    expect(guestOf({ viewer: undefined })).toBeUndefined();
    expect(guestOf(undefined)).toBeUndefined();
  });
});
