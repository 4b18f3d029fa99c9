/**
 * Live order events in the web app (issue 12 "Live order events"): ONE `orderEvents` subscription per Relay environment
 * (i.e. per signed-in user), shared by every component that calls {@link useOrderEvents} — the request lists of the
 * client, the payment agent and the operator and the request modals. Each change of an order the viewer may see
 * (a new offer, an acceptance, a status change, a bill…) reaches the listeners, which fetch the affected list or order
 * again: no reload, no polling.
 *
 * Like the chat subscription (apps/chat/store/ChatEventsSubscriber): the last `cursor` is remembered and passed as
 * `after` when resubscribing, so the gateway replays exactly what was missed (or sends one RESYNC event: refetch
 * everything); a failed or closed subscription is retried after 5 s except when the session is gone or the error is a
 * 500 (chatRetry.ts). The subscription runs while at least one listener is mounted. Events arriving together (one
 * acceptance changes the order and two offers) are handed over as one batch, so a list refetches once.
 */
import { useEffect, useRef } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { Disposable, IEnvironment } from 'relay-runtime';
import type {
  useOrderEventsSubscription,
  useOrderEventsSubscription$data,
} from '../../__generated__/useOrderEventsSubscription.graphql';
import { shouldRetryChatEvents } from '../../apps/chat/store/chatRetry';
import { GraphQLRequestError } from '../relay/environment';

/** One live order event as the listeners get it (ids, type, new status code, time; RESYNC: refetch everything). */
export type OrderEventInfo = useOrderEventsSubscription$data['orderEvents'];

/** Delay before resubscribing after a failed or closed subscription (as the chat's, spec chat §9: 5 s). */
export const ORDER_EVENTS_RETRY_DELAY_MS = 5000;
/** Events arriving within this window are handed over as one batch. */
export const ORDER_EVENTS_BATCH_MS = 100;

const subscription = graphql`
  subscription useOrderEventsSubscription($after: String) {
    orderEvents(after: $after) {
      cursor
      type
      orderId
      partnerOrderId
      status
      occurredAt
      reason
    }
  }
`;

type Listener = (events: readonly OrderEventInfo[]) => void;

interface Shared {
  listeners: Set<Listener>;
  cursor: string | null;
  disposable: Disposable | null;
  retry: ReturnType<typeof setTimeout> | null;
  pending: OrderEventInfo[];
  flush: ReturnType<typeof setTimeout> | null;
}

const shared = new WeakMap<IEnvironment, Shared>();

function start(environment: IEnvironment, s: Shared): void {
  s.disposable?.dispose();
  const again = () => {
    if (s.listeners.size === 0 || s.retry !== null) return;
    s.retry = setTimeout(() => {
      s.retry = null;
      if (s.listeners.size > 0) start(environment, s);
    }, ORDER_EVENTS_RETRY_DELAY_MS);
  };
  s.disposable = requestSubscription<useOrderEventsSubscription>(environment, {
    subscription,
    variables: { after: s.cursor },
    onNext: (data) => {
      const ev = data?.orderEvents;
      if (!ev) return;
      if (ev.cursor) s.cursor = ev.cursor;
      s.pending.push(ev);
      s.flush ??= setTimeout(() => {
        s.flush = null;
        const batch = s.pending;
        s.pending = [];
        for (const l of [...s.listeners]) l(batch);
      }, ORDER_EVENTS_BATCH_MS);
    },
    onError: (error) => {
      if (error instanceof GraphQLRequestError && error.status === 401) return;
      if (shouldRetryChatEvents(error)) again();
    },
    onCompleted: again,
  });
}

function join(environment: IEnvironment, listener: Listener): () => void {
  let s = shared.get(environment);
  if (!s) {
    s = { listeners: new Set(), cursor: null, disposable: null, retry: null, pending: [], flush: null };
    shared.set(environment, s);
  }
  const state = s;
  state.listeners.add(listener);
  if (state.listeners.size === 1 && !state.disposable) start(environment, state);
  return () => {
    state.listeners.delete(listener);
    if (state.listeners.size > 0) return;
    if (state.retry) clearTimeout(state.retry);
    state.retry = null;
    state.disposable?.dispose();
    state.disposable = null;
  };
}

/**
 * Calls `onEvents` with each batch of live order events of the signed-in viewer while the component is mounted
 * (see the module comment). `onEvents` may change between renders; the latest one is called.
 */
export function useOrderEvents(onEvents: Listener): void {
  const environment = useRelayEnvironment();
  const latest = useRef(onEvents);
  useEffect(() => {
    latest.current = onEvents;
  });
  useEffect(() => join(environment, (events) => latest.current(events)), [environment]);
}

/** Whether a batch concerns order `orderId` (or is a RESYNC, after which everything is read again). */
export function concernsOrder(events: readonly OrderEventInfo[], orderId: number): boolean {
  return events.some((e) => e.type === 'RESYNC' || e.orderId === orderId);
}
