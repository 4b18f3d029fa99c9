/**
 * The per-route rules of spec core §2: the layout of every page ("Layouts: auth, auth-stepper, chat, empty, default,
 * default-landing, and none (for /clients/cards)") and the routes that may be entered only from particular previous
 * pages ("otherwise the user is sent to /"; "A registration link that carries a token in the query is allowed without a
 * remembered email").
 */
import { describe, expect, it } from 'vitest';
import { routes } from './routes';
import { ENTERED_FROM, LAYOUTS, decideEntry, enteredFromOf, layoutOf, routeTable } from './routeRules';

const table = routeTable(routes);
const layoutByPath = Object.fromEntries(table.map((row) => [row.path, row.layout]));

describe('layouts of core §2', () => {
  it('lists the layout of each route', () => {
    expect(layoutByPath).toEqual({
      '/': 'default-landing',
      '/clients': 'default-landing',
      '/agents': 'default-landing',
      '/partners': 'default-landing',
      '/clients/cards': 'none',
      '/en': 'default-landing',
      '/en/clients': 'default-landing',
      '/en/agents': 'default-landing',
      '/en/partners': 'default-landing',
      '/en/clients/cards': 'none',
      '/client': 'none',
      '/client/auth': 'auth',
      '/client/auth/pass': 'auth',
      '/client/auth/email/confirm': 'auth',
      '/client/auth/forgot': 'auth',
      '/client/auth/forgot/pass': 'auth',
      '/client/auth/registration/expired': 'auth',
      '/client/auth/reset-password': 'auth',
      '/client/auth/registration': 'auth-stepper',
      '/client/auth/registration/new-company': 'auth-stepper',
      '/client/auth/*': 'empty',
      '/client/chats/*': 'chat',
      '/client/fea/*': 'default',
      '/client/company': 'default',
      '/client/documents': 'default',
      '/client/api-tokens': 'default',
      '/client/*': 'default',
      '/partner/auth': 'auth',
      '/partner/auth/pass': 'auth',
      '/partner/auth/email/confirm': 'auth',
      '/partner/auth/forgot': 'auth',
      '/partner/auth/forgot/pass': 'auth',
      '/partner/auth/*': 'empty',
      '/partner/chats/*': 'chat',
      '/partner/api-tokens': 'default',
      '/partner': 'default',
      '/partner/*': 'default',
      '/agent': 'none',
      '/agent/auth': 'auth',
      '/agent/auth/pass': 'auth',
      '/agent/auth/email/confirm': 'auth',
      '/agent/auth/forgot': 'auth',
      '/agent/auth/forgot/pass': 'auth',
      '/agent/auth/*': 'empty',
      '/agent/chats/*': 'chat',
      '/agent/fea': 'default',
      '/agent/clients': 'default',
      '/agent/company': 'default',
      '/agent/documents': 'default',
      '/agent/*': 'default',
      '/agent/clients/:ogrn': 'empty',
      '/operator': 'none',
      '/operator/auth': 'auth',
      '/operator/auth/invitation': 'auth',
      '/operator/auth/*': 'empty',
      '/operator/chats/*': 'chat',
      '/operator/support/*': 'chat',
      '/operator/fea/*': 'default',
      '/operator/api-tokens': 'default',
      '/operator/clients': 'default',
      '/operator/agents': 'default',
      '/operator/agents/create': 'default',
      '/operator/agents/:id': 'default',
      '/operator/partners': 'default',
      '/operator/partners/create': 'default',
      '/operator/partners/:id/edit': 'default',
      '/operator/operators': 'default',
      '/operator/operators/:id': 'default',
      '/operator/audit': 'default',
      '/operator/inbox': 'default',
      '/operator/*': 'default',
      '/*': 'empty',
    });
  });

  it('names only the layouts of core §2, and every page has exactly one row', () => {
    for (const row of table) expect(LAYOUTS).toContain(row.layout);
    expect(new Set(table.map((row) => row.path)).size).toBe(table.length);
  });

  it('takes the innermost layout of the matched routes', () => {
    expect(layoutOf([{ handle: { layout: 'default' } }, { handle: { layout: 'empty' } }, {}])).toBe('empty');
    expect(layoutOf([{}, { handle: undefined }])).toBe('none');
  });
});

describe('routes entered only from particular previous pages (core §2)', () => {
  it('declares the rule on the sign-in steps after the e-mail step, and nowhere else', () => {
    const guarded = Object.fromEntries(table.filter((row) => row.enteredFrom).map((r) => [r.path, r.enteredFrom]));
    expect(guarded).toEqual({
      '/client/auth/pass': ENTERED_FROM.clientPassword,
      '/partner/auth/pass': ENTERED_FROM.partnerPassword,
      '/agent/auth/pass': ENTERED_FROM.agentPassword,
      '/client/auth/registration': ENTERED_FROM.registration,
      '/client/auth/registration/new-company': ENTERED_FROM.newCompany,
      '/client/auth/registration/expired': ENTERED_FROM.registrationExpired,
    });
  });

  it('allows the page from one of its previous pages, and sends anyone else to /', () => {
    const rule = ENTERED_FROM.newCompany;
    expect(decideEntry(rule, { search: '', previous: '/client/auth/registration' })).toEqual({ action: 'allow' });
    expect(decideEntry(rule, { search: '', previous: null })).toEqual({ action: 'redirect', to: '/' });
    expect(decideEntry(rule, { search: '', previous: '/client/fea' })).toEqual({ action: 'redirect', to: '/' });
    expect(decideEntry(rule, { search: '', previous: '/client/auth' })).toEqual({ action: 'redirect', to: '/' });
    expect(decideEntry(ENTERED_FROM.clientPassword, { search: '', previous: '/client/auth' })).toEqual({
      action: 'allow',
    });
    expect(decideEntry(ENTERED_FROM.partnerPassword, { search: '', previous: '/client/auth' })).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('lets the registration link with a token in the query in from anywhere', () => {
    expect(decideEntry(ENTERED_FROM.registration, { search: '?token=abc', previous: null })).toEqual({
      action: 'allow',
    });
    expect(decideEntry(ENTERED_FROM.registration, { search: '?token=', previous: null })).toEqual({
      action: 'redirect',
      to: '/',
    });
    expect(decideEntry(ENTERED_FROM.newCompany, { search: '?token=abc', previous: null })).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('has no rule for the other pages', () => {
    expect(decideEntry(undefined, { search: '', previous: null })).toEqual({ action: 'allow' });
    expect(enteredFromOf([{ handle: { layout: 'auth' } }, {}])).toBeUndefined();
  });
});
