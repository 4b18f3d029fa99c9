/**
 * Per-operation DataLoaders so a page costs a bounded number of upstream calls:
 * - `viewer`: GET current/user at most once (primed by login/registration/update answers);
 * - `orderById`: each order fetched at most once, primed by list pages;
 * - `orderCount`: one count call per distinct filter;
 * - `clientInfo`, `checklist`: at most once;
 * - `reference`: identical reference GETs (countries, currencies, TN VED...) collapse into one.
 */
import DataLoader from 'dataloader';
import type { BackendApi } from '../rest/client.js';
import type { ChecklistDto, ClientInfoDto, CurrentUserDto, OrderDto, OrderStatusDto } from '../rest/dto.js';
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
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= load());
}

export function createLoaders(api: BackendApi): Loaders {
  let viewer: Promise<CurrentUserDto | null> | undefined;
  const reference = new Map<string, Promise<unknown>>();
  return {
    viewer() {
      viewer ??= api.session.hasSessionCookie()
        ? api.currentUser().catch((err: unknown) => {
            if (err instanceof SessionExpiredError) return null; // signed out: viewer is null, not an error
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
      (ids) => Promise.all(ids.map((id) => api.order(id).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))))),
    ),
    orderCount: new DataLoader<OrderCountKey, number, string>(
      (keys) => Promise.all(keys.map((k) => api.countOrders({ ...(k.statuses ? { statuses: [...k.statuses] } : {}), ...(k.id ? { id: k.id } : {}) })
        .then((r) => r.count, (err: unknown) => (err instanceof Error ? err : new Error(String(err)))))),
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
