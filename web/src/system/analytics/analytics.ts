/**
 * Analytics adapter (spec chat-and-shell §4 "Analytics"): goals with the guest flag, page hits on route changes.
 * Interface fixed by the lead for the public pages; the shell helper implements it (counter from the public runtime
 * config, Yandex Metrica style, console fallback).
 */

/** Reports a goal (e.g. 'callback_sent') with the guest flag added by the adapter. */
export function reachGoal(goal: string, params: Record<string, unknown> = {}): void {
  void goal;
  void params;
}
