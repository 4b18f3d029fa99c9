/**
 * The REST calls of the data-scale benchmarks (tests/bench/data-scale.mjs, tests/bench/list-cpu.mjs): sessions of the
 * three roles signed in at the backend itself, and the list / count / tab-count / chat calls of each role with their
 * names and bodies. Not a benchmark itself (tests/bench/run.mjs runs only the files directly under tests/bench/).
 */

/** The demo accounts' password (README "Set-up"). */
export const DEMO_PASSWORD = 'Demo-2026!';

/** A cookie jar with the anti-forgery header (backend/src/plugins/csrf.ts) for the backend at `base`. */
export class BackendSession {
  cookies = new Map();
  /** @param {string} base the backend's origin, e.g. http://127.0.0.1:4500 */
  constructor(base) {
    this.base = base;
  }
  /** Keeps the answer's Set-Cookie values; answers `res`. */
  take(res) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }
  /** The Cookie and X-XSRF-TOKEN headers with `extra`. */
  headers(extra = {}) {
    const h = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...extra };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) h['x-xsrf-token'] = decodeURIComponent(xsrf);
    return h;
  }
  /** `method path` with the JSON `body`; answers the parsed JSON (null for none). Throws on a non-2xx answer. */
  async call(method, path, body) {
    const res = this.take(
      await fetch(`${this.base}${path}`, {
        method,
        headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      }),
    );
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }
}

/** Signs `email` in by the spec's Basic-header login as `userType` (spec core §7); answers the session. */
export async function signIn(base, email, userType, password = DEMO_PASSWORD) {
  const s = new BackendSession(base);
  s.take(await fetch(`${base}/api/public/csrf`));
  const res = s.take(
    await fetch(`${base}/api/public/common/login`, {
      method: 'POST',
      headers: s.headers({
        authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
        'content-type': 'application/json',
      }),
      body: JSON.stringify({ userType }),
    }),
  );
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return s;
}

/** Signs an operator in through the embedded sign-in page and /api/public/oper/autologin; answers the session. */
export async function signInOperator(base, email, password = DEMO_PASSWORD) {
  const s = new BackendSession(base);
  const page = await s.take(await fetch(`${base}/oper-login`)).text();
  const token = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error('no anti-forgery token on /oper-login');
  const res = s.take(
    await fetch(`${base}/oper-login`, {
      method: 'POST',
      headers: s.headers({ 'content-type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams({ _csrf: token, email, password }).toString(),
      redirect: 'manual',
    }),
  );
  const code = new URL(res.headers.get('location') ?? 'http://x/').searchParams.get('code');
  if (!code) throw new Error(`operator sign-in: ${res.status}`);
  s.take(await fetch(`${base}/api/public/csrf`, { headers: s.headers() }));
  await s.call('POST', '/api/public/oper/autologin', { code });
  return s;
}

/** The demo client, the first demo payment agent and the demo operator, signed in at `base`. */
export async function signInRoles(base) {
  return {
    client: await signIn(base, 'client@example.com', 'CLIENT'),
    partner: await signIn(base, 'partner1@example.com', 'PARTNER'),
    oper: await signInOperator(base, 'operator@example.com'),
  };
}

/** Ids of the generated data that the calls filter by (a pg Pool or Client on the data-scale database). */
export async function scaleIds(db) {
  return (
    await db.query(
      `select (select max(id) from orders where company_id = 1) as client_order,
              (select max(order_id) from partner_orders where partner_company_id = 3) as partner_order,
              (select id from users where email = 'operator@example.com') as operator_id,
              (select inn from companies where id = (select company_id from orders where id = 500000)) as inn`,
    )
  ).rows[0];
}

/** The entries of `o` named in `keys`. */
const pick = (o, keys) => Object.fromEntries(keys.map((k) => [k, o[k]]));
const page = (extra = {}) => ({ pageable: { page: 0, pageSize: 10 }, ...extra });
const CLIENT_TABS = {
  current: ['ACTIVE', 'EXECUTING', 'IN_VALIDATION', 'OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'VALIDATION'],
  completed: ['EXECUTED'],
  cancelled: ['CANCELED', 'REJECTED'],
};

/**
 * The order-list calls of the three roles, each `[name, session, method, path, body]`: every tab and filter's page
 * (`filter`, 10 rows) and `filter/count`, and the grouped tab counts of the payment agent and the operator.
 * `sessions` from {@link signInRoles}, `ids` from {@link scaleIds}.
 */
export function listCalls({ client, partner, oper }, ids) {
  const monthAgo = new Date(Date.now() - 30 * 864e5).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const calls = [];
  const C = '/api/secured/client/order/exch';
  for (const [tab, statuses] of [['all', undefined], ...Object.entries(CLIENT_TABS)]) {
    calls.push([`client-filter-${tab}`, client, 'POST', `${C}/filter`, page(statuses ? { statuses } : {})]);
    calls.push([`client-count-${tab}`, client, 'POST', `${C}/filter/count`, statuses ? { statuses } : {}]);
  }
  calls.push([`client-filter-number`, client, 'POST', `${C}/filter`, page({ id: String(ids.client_order) })]);
  calls.push([`client-count-number`, client, 'POST', `${C}/filter/count`, { id: String(ids.client_order) }]);
  calls.push([
    `client-filter-completed-amount-asc`,
    client,
    'POST',
    `${C}/filter`,
    {
      pageable: { page: 0, pageSize: 10, sortFields: [{ field: 'amount', direction: 'ASC' }] },
      statuses: ['EXECUTED'],
    },
  ]);

  const P = '/api/secured/partner/order/exch';
  const partnerFilters = {
    'tab-all': { tab: 'all' },
    'tab-new': { tab: 'new' },
    'tab-working': { tab: 'working' },
    'tab-deals': { tab: 'deals' },
    'tab-results': { tab: 'results' },
    number: { id: String(ids.partner_order) },
    country: { countryCode: 'CN' },
    term: { paymentDateFrom: monthAgo, paymentDateTo: today },
    'results-country-term': { tab: 'results', countryCode: 'AE', paymentDateFrom: monthAgo, paymentDateTo: today },
  };
  for (const [name, f] of Object.entries(partnerFilters)) {
    calls.push([`partner-filter-${name}`, partner, 'POST', `${P}/filter`, page(f)]);
    calls.push([`partner-count-${name}`, partner, 'POST', `${P}/filter/count`, f]);
  }
  // every payment agent tab's count in one call (issue 15), bare and with each order filter
  for (const [name, f] of Object.entries({ '': {}, ...pick(partnerFilters, ['number', 'country', 'term']) }))
    calls.push([`partner-tab-counts${name ? `-${name}` : ''}`, partner, 'POST', `${P}/tab-counts`, f]);

  const O = '/api/secured/oper/order/exch';
  const operFilters = {
    'tab-all': { tab: 'all' },
    'tab-new': { tab: 'new' },
    'tab-work': { tab: 'work' },
    'tab-deals': { tab: 'deals' },
    'tab-results': { tab: 'results' },
    number: { id: '500000' },
    'client-inn': { client: ids.inn.slice(0, 9) },
    'client-name': { client: 'Импорт 77' },
    employee: { employee: ids.operator_id },
    partner: { partner: 3 },
    'work-partner': { tab: 'work', partner: 3 },
    'deals-employee': { tab: 'deals', employee: ids.operator_id },
  };
  for (const [name, f] of Object.entries(operFilters)) {
    calls.push([`oper-filter-${name}`, oper, 'POST', `${O}/filter`, page(f)]);
    calls.push([`oper-count-${name}`, oper, 'POST', `${O}/filter/count`, f]);
  }
  // every operator tab's count in one call (issue 15), bare and with each filter the counters serve
  for (const [name, f] of Object.entries({ '': {}, ...pick(operFilters, ['client-name', 'employee', 'partner']) }))
    calls.push([`oper-tab-counts${name ? `-${name}` : ''}`, oper, 'POST', `${O}/tab-counts`, f]);
  return calls;
}

/** Each role's chat group list (first page), group statistics and unread statistic, as {@link listCalls}. */
export function chatCalls({ client, partner, oper }) {
  const CH = '/api/secured/common/chat';
  const calls = [];
  for (const [role, s] of [
    ['client', client],
    ['partner', partner],
    ['oper', oper],
  ]) {
    calls.push([`${role}-chat-groups`, s, 'POST', `${CH}/group/filter`, { limit: 20 }]);
    // as the gateway asks (UnreadStatistic.groupTypeCounts): the per-type figures only, an empty groupIds list
    calls.push([
      `${role}-chat-statistics`,
      s,
      'POST',
      `${CH}/group/statistics`,
      { groupIds: [], statisticType: 'MSG' },
    ]);
    calls.push([`${role}-chat-unread`, s, 'GET', `${CH}/messages/unread`, undefined]);
  }
  return calls;
}
