/**
 * Per-operation DataLoaders so a page costs a bounded number of upstream calls:
 * - `viewer`: GET current/user at most once (primed by login/registration/update answers);
 * - `orderById`: each order fetched at most once, primed by list pages;
 * - `orderCount`: one count call per distinct filter;
 * - `clientInfo`, `checklist`: at most once;
 * - `reference`: identical reference GETs (countries, currencies, TN VED...) collapse into one.
 * Deal flow (issue 3), each keyed by order id and fetched at most once per operation; list pages prime them:
 * - `clientDeal` (client offers with details), `partnerDetail` (the agent's GET order/exch/{id}), `operOrder`
 *   (operator row; primed by the operator list, which already carries every partner order with its offer),
 *   `operOrderDetail` (operator GET {id}, with history), documents, history, bills, scoring candidates;
 * - `memo`: any other read keyed by a string (counts, settings), at most once per operation.
 * The backend has no batch reads by id, so a loader issues one GET per distinct id, in parallel; what bounds a page's
 * cost is that list answers carry what the rows need — the client's and the payment agent's rows their partner orders
 * with offers and bills, loaded by the backend in batched queries — and prime the loaders (`orderById`,
 * `partnerDetail`, `operOrder`), so fields read the primed values (see test/upstreamCalls.test.ts).
 */
import DataLoader from 'dataloader';
import type { BackendApi } from '../rest/client.js';
import type {
  ActivePartnerDto,
  OperatorUserDto,
  ChecklistDto,
  ClientDealDto,
  ClientPayCheckDto,
  ClientInfoDto,
  CurrencySettingDto,
  CurrentUserDto,
  DocumentDto,
  HistoryDto,
  OfferTermsDto,
  OperOrderDto,
  OrderDto,
  OrderStatusDto,
  PartnerCandidateDto,
  PaymentCompanyDto,
} from '../rest/contract.js';
import { SessionExpiredError } from '../rest/errors.js';

export interface OrderCountKey {
  statuses?: readonly OrderStatusDto[];
  id?: number;
}

export interface Loaders {
  /** The signed-in user, or null when signed out (no session cookie, or the backend refused the session). */
  viewer(): Promise<CurrentUserDto | null>;
  /** Replaces the cached viewer (after login, registration, profile update, logout). */
  primeViewer(user: CurrentUserDto | null): void;
  orderById: DataLoader<number, OrderDto>;
  orderCount: DataLoader<OrderCountKey, number, string>;
  clientInfo(): Promise<ClientInfoDto>;
  checklist(): Promise<ChecklistDto>;
  /** Cached reference read by a key naming the call, e.g. `countries?prefix=ки`. */
  reference<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Any other read, cached by a key naming the call (counts, settings, documents...). */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets memoised reads whose key starts with `prefix` (after a mutation changed them). */
  forget(prefix: string): void;
  clientDeal: DataLoader<number, ClientDealDto>;
  clientHistory: DataLoader<number, HistoryDto[]>;
  /** The payment agent's history of an order (ORDER rows and its own offer's rows). */
  partnerHistory: DataLoader<number, HistoryDto[]>;
  clientPayCheck: DataLoader<number, ClientPayCheckDto>;
  /** The agent's GET order/exch/{id} (its `actions` are not read; a list row primes it with its complete order). */
  partnerDetail: DataLoader<number, OrderDto>;
  partnerTerms: DataLoader<number, OfferTermsDto>;
  operOrder: DataLoader<number, OperOrderDto>;
  operOrderDetail: DataLoader<number, OperOrderDto>;
  operDocuments: DataLoader<number, DocumentDto[]>;
  operCandidates: DataLoader<number, PartnerCandidateDto[]>;
  activePartners(): Promise<ActivePartnerDto[]>;
  /** Active operators (operator GET /users), once per operation. */
  operators(): Promise<OperatorUserDto[]>;
  partnerCurrencies(): Promise<CurrencySettingDto[]>;
  partnerPaymentCompanies(): Promise<PaymentCompanyDto[]>;
}

/** One GET per distinct id, in parallel; failures stay per key (DataLoader contract). */
function perId<V>(load: (id: number) => Promise<V>): DataLoader<number, V> {
  return new DataLoader<number, V>((ids) =>
    Promise.all(
      ids.map((id) => load(id).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))))),
    ),
  );
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= load());
}

export function createLoaders(api: BackendApi): Loaders {
  let viewer: Promise<CurrentUserDto | null> | undefined;
  const reference = new Map<string, Promise<unknown>>();
  const memo = new Map<string, Promise<unknown>>();
  const memoise = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let p = memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      memo.set(key, p);
      p.catch(() => memo.delete(key)); // a failure is not cached: a later field may try again
    }
    return p;
  };
  return {
    memo: memoise,
    forget(prefix) {
      for (const k of [...memo.keys()]) if (k.startsWith(prefix)) memo.delete(k);
    },
    clientDeal: perId((id) => api.clientDeal(id)),
    clientHistory: perId((id) => api.clientHistory(id)),
    partnerHistory: perId((id) => api.partnerHistory(id)),
    clientPayCheck: perId((id) => api.clientPayCheck(id)),
    partnerDetail: perId((id) => api.partnerOrder(id)),
    partnerTerms: perId((id) => api.partnerOfferTerms(id)),
    operOrder: perId((id) => api.operOrder(id)),
    operOrderDetail: perId((id) => api.operOrder(id)),
    operDocuments: perId((id) => api.operDocuments(id)),
    operCandidates: perId((id) => api.operCandidates(id)),
    activePartners: () => memoise('activePartners', () => api.activePartners()),
    operators: () => memoise('operators', () => api.operatorUsers()),
    partnerCurrencies: () => memoise('partnerCurrencies', () => api.partnerCurrencies()),
    partnerPaymentCompanies: () => memoise('partnerPaymentCompanies', () => api.partnerPaymentCompanies()),
    viewer() {
      viewer ??= api.session.hasSessionCookie()
        ? api.currentUser().catch((err: unknown) => {
            // Signed out: viewer is null, not an error; a refused API token (issue 12) is UNAUTHENTICATED.
            if (err instanceof SessionExpiredError && !api.session.usesApiToken()) return null;
            throw err;
          })
        : Promise.resolve(null);
      return viewer;
    },
    primeViewer(user) {
      viewer = Promise.resolve(user);
    },
    orderById: new DataLoader<number, OrderDto>(
      // The backend has no batch read: one GET per distinct id, in parallel; DataLoader removes duplicates.
      (ids) =>
        Promise.all(
          ids.map((id) => api.order(id).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))))),
        ),
    ),
    orderCount: new DataLoader<OrderCountKey, number, string>(
      (keys) =>
        Promise.all(
          keys.map((k) =>
            api
              .countOrders({ ...(k.statuses ? { statuses: [...k.statuses] } : {}), ...(k.id ? { id: k.id } : {}) })
              .then(
                (r) => r.count,
                (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
              ),
          ),
        ),
      { cacheKeyFn: (k) => JSON.stringify([k.statuses ?? null, k.id ?? null]) },
    ),
    clientInfo: once(() => api.clientInfo()),
    checklist: once(() => api.checklist()),
    reference<T>(key: string, load: () => Promise<T>) {
      let p = reference.get(key) as Promise<T> | undefined;
      if (!p) {
        p = load();
        reference.set(key, p);
      }
      return p;
    },
  };
}
