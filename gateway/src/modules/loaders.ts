/**
 * Per-operation DataLoaders so a page costs a bounded number of upstream calls:
 * - `viewer`: GET current/user at most once (primed by login/registration/update answers);
 * - `orderById`: each order fetched at most once, primed by list pages;
 * - `clientInfo`, `checklist`: at most once;
 * - `reference`: identical reference GETs (countries, currencies, TN VED...) collapse into one.
 * Deal flow (issue 3), each keyed by order id and fetched at most once per operation; list pages prime them:
 * - `clientDeal` (client offers with details), `partnerDetail` (the agent's GET order/exch/{id}), `operOrder`
 *   (operator row; primed by the operator list, which already carries every partner order with its offer),
 *   `operOrderDetail` (operator GET {id}, with history), documents, history, bills, scoring candidates;
 * - `memo`: any other read keyed by a string (counts, settings), at most once per operation; the client's tab counts
 *   are one memoised GET …/tab-counts for the three tabs (issue 15).
 * Orders are read in batches (issue 14 defect 7): `orderById`, `partnerDetail`, `operOrder` and `operOrderDetail`
 * send the ids one tick asks for in ONE call of the role's batch read (GET …/order/exch/batch?ids=…, at most
 * {@link MAX_ORDER_BATCH} ids a call; {@link byBatch}); the other per-order loaders issue one GET per distinct id, in
 * parallel. What bounds a page's cost is that list answers carry what the rows need — the client's and the payment
 * agent's rows their partner orders with offers and bills, loaded by the backend in batched queries — and prime the
 * loaders (`orderById`, `partnerDetail`, `operOrder`), so fields read the primed values (see test/upstreamCalls.test.ts).
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
  PartnerCandidateDto,
  PaymentCompanyDto,
} from '../rest/contract.js';
import { SessionExpiredError, UpstreamError } from '../rest/errors.js';

export interface Loaders {
  /** The signed-in user, or null when signed out (no session cookie, or the backend refused the session). */
  viewer(): Promise<CurrentUserDto | null>;
  /** Replaces the cached viewer (after login, registration, profile update, logout). */
  primeViewer(user: CurrentUserDto | null): void;
  orderById: DataLoader<number, OrderDto>;
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

/** Most ids one batch read of orders takes (backend routes/orders/schemas.ts MAX_BATCH_IDS). */
export const MAX_ORDER_BATCH = 100;

/** Whether the batch read takes `id` as it is (a positive safe integer, like the single read's path). */
const batchable = (id: number) => Number.isSafeInteger(id) && id >= 1;

/**
 * Orders by id through a batch read (issue 14 defect 7): the distinct ids of one tick go in ONE `batch(ids)` call
 * (up to {@link MAX_ORDER_BATCH}; more make further calls), answered `{ items }` in request order. A null item becomes
 * the error the single read gives for that id — UpstreamError 404 NOT_FOUND 'Заявка не найдена' on `singlePath(id)` —
 * so `nullIfAbsent` and the error mapping behave as before; a failed batch call fails each of its keys with its error.
 * Ids the batch read would refuse as a whole (not a positive safe integer) keep the single read, and its own answer.
 */
function byBatch<V>(
  batch: (ids: number[]) => Promise<{ items: Array<V | null> }>,
  single: (id: number) => Promise<V>,
  singlePath: (id: number) => string,
): DataLoader<number, V> {
  const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));
  return new DataLoader<number, V>(
    async (keys) => {
      const ids = keys.filter(batchable);
      const answers = new Map<number, V | Error>();
      if (ids.length) {
        try {
          const { items } = await batch(ids);
          ids.forEach((id, i) => {
            const item = items[i];
            answers.set(
              id,
              item ??
                new UpstreamError(404, { code: 'NOT_FOUND', message: 'Заявка не найдена' }, 'GET', singlePath(id)),
            );
          });
        } catch (err) {
          for (const id of ids) answers.set(id, asError(err));
        }
      }
      return Promise.all(keys.map((id) => answers.get(id) ?? single(id).catch(asError)));
    },
    { maxBatchSize: MAX_ORDER_BATCH },
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
    partnerDetail: byBatch(
      (ids) => api.partnerOrders(ids),
      (id) => api.partnerOrder(id),
      (id) => `/api/secured/partner/order/exch/${id}`,
    ),
    partnerTerms: perId((id) => api.partnerOfferTerms(id)),
    operOrder: byBatch(
      (ids) => api.operOrders(ids),
      (id) => api.operOrder(id),
      (id) => `/api/secured/oper/order/exch/${id}`,
    ),
    operOrderDetail: byBatch(
      (ids) => api.operOrders(ids),
      (id) => api.operOrder(id),
      (id) => `/api/secured/oper/order/exch/${id}`,
    ),
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
    orderById: byBatch(
      (ids) => api.orders(ids),
      (id) => api.order(id),
      (id) => `/api/secured/client/order/exch/${id}`,
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
