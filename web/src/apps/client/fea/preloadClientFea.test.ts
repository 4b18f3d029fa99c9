/**
 * The /client/fea preload (issue 13 "Fast first load"): the queries of the first render start together, once per
 * environment, only for a client's session; the list preloaded for the entry tab is taken once.
 */
import { describe, expect, it } from 'vitest';
import { createMockEnvironment } from 'relay-test-utils';
import { PRELOAD_RETAIN_MS, listVariables, preloadClientFea, takeListPreload } from './preloadClientFea';

describe('preloadClientFea', () => {
  it('starts the guard, header, chat badge, re-login banner and list queries at once, once per environment', () => {
    const environment = createMockEnvironment();
    expect(preloadClientFea('?tab=completed', environment, 'CLIENT')).toBe(true);
    expect(preloadClientFea('?tab=completed', environment, 'CLIENT')).toBe(false);
    const operations = environment.mock.getAllOperations();
    expect(operations.map((o) => o.request.node.params.name).sort()).toEqual([
      'ChatNavLinkQuery',
      'ClientFeaPageQuery',
      'DefaultLayoutQuery',
      'ReloginBannerQuery',
      'RouteGuardQuery',
    ]);
    const list = operations.find((o) => o.request.node.params.name === 'ClientFeaPageQuery');
    expect(list?.request.variables).toEqual({ tab: 'COMPLETED', number: null });
    const chat = operations.find((o) => o.request.node.params.name === 'ChatNavLinkQuery');
    expect(chat?.request.variables).toEqual({ withSupportDesk: false });
  });

  it('does nothing for a guest or another account type', () => {
    for (const userType of [null, 'PARTNER', 'AGENT', 'OPER']) {
      const environment = createMockEnvironment();
      expect(preloadClientFea('', environment, userType)).toBe(false);
      expect(environment.mock.getAllOperations()).toHaveLength(0);
    }
  });

  it('hands the preloaded list to the first mount for its tab only, once, while fresh', () => {
    const environment = createMockEnvironment();
    preloadClientFea('', environment, 'CLIENT');
    expect(takeListPreload(environment, 'CURRENT')).toBe(true);
    expect(takeListPreload(environment, 'CURRENT')).toBe(false);

    const other = createMockEnvironment();
    preloadClientFea('', other, 'CLIENT');
    expect(takeListPreload(other, 'CANCELLED')).toBe(false);

    const stale = createMockEnvironment();
    preloadClientFea('', stale, 'CLIENT');
    expect(takeListPreload(stale, 'CURRENT', Date.now() + PRELOAD_RETAIN_MS + 1)).toBe(false);
  });

  it('maps the tab of the address to the API tab, unknown tabs to the current one', () => {
    expect(listVariables('')).toEqual({ tab: 'CURRENT', number: null });
    expect(listVariables('?tab=cancelled')).toEqual({ tab: 'CANCELLED', number: null });
    expect(listVariables('?tab=nope')).toEqual({ tab: 'CURRENT', number: null });
  });
});
