/**
 * Page scroll lock while modals are open (spec chat §4 "Modal state"), as a pure reducer.
 *   any modal open  → locked, with the scrollbar gap reserved (padding-right = the scrollbar width)
 *   none open       → restored (unlocked, no gap)
 * Modals are counted by id, so opening the same modal twice or closing one that is not open cannot unbalance
 * the count (a plain counter could go negative or stay locked).
 */

/** Open modal ids. */
export interface ScrollLockState {
  open: readonly string[];
}

export type ScrollLockAction = { type: 'open'; id: string } | { type: 'close'; id: string } | { type: 'closeAll' };

export const initialScrollLock: ScrollLockState = { open: [] };

/** The next state (rules above). Returns the same object when nothing changes. */
export function scrollLockReducer(state: ScrollLockState, action: ScrollLockAction): ScrollLockState {
  switch (action.type) {
    case 'open':
      return state.open.includes(action.id) ? state : { open: [...state.open, action.id] };
    case 'close':
      return state.open.includes(action.id) ? { open: state.open.filter((id) => id !== action.id) } : state;
    case 'closeAll':
      return state.open.length ? initialScrollLock : state;
  }
}

/** Whether page scrolling is locked (any modal open). */
export function isScrollLocked(state: ScrollLockState): boolean {
  return state.open.length > 0;
}

/**
 * The body style to apply (chat §4): overflow hidden and the scrollbar gap in px while locked; empty values
 * (restore) otherwise. `scrollbarWidth` = window.innerWidth − document.documentElement.clientWidth, px.
 */
export function scrollLockStyle(
  state: ScrollLockState,
  scrollbarWidth: number,
): { overflow: string; paddingRight: string } {
  if (!isScrollLocked(state)) return { overflow: '', paddingRight: '' };
  return { overflow: 'hidden', paddingRight: scrollbarWidth > 0 ? `${scrollbarWidth}px` : '' };
}
