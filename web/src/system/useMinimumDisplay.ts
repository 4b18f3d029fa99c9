/**
 * Minimum loading display (spec core §9: 1000 ms). A loading indicator, once shown, stays for at least
 * `minMs` even when the work ends sooner, so it never flashes. `MinimumDisplay` is the timing rule without
 * React (unit-tested with fake timers); `useMinimumDisplay` applies it to a boolean.
 */
import { useEffect, useRef, useState } from 'react';

/** Minimum time a loading indicator stays visible once shown, in milliseconds (spec core §9). */
export const MIN_LOADING_DISPLAY_MS = 1000;

/**
 * The timing rule: `set(true)` shows at once; `set(false)` hides at once when the indicator has been visible for
 * `minMs` already, otherwise after the rest of `minMs`. `set(true)` again before that keeps it visible (the
 * pending hide is cancelled and the original start time kept). `onChange` is called only on real changes.
 */
export class MinimumDisplay {
  private visible = false;
  private shownAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly minMs: number,
    private readonly onChange: (visible: boolean) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get isVisible(): boolean {
    return this.visible;
  }

  set(active: boolean): void {
    if (active) {
      this.clearTimer();
      if (!this.visible) {
        this.visible = true;
        this.shownAt = this.now();
        this.onChange(true);
      }
      return;
    }
    if (!this.visible || this.timer) return;
    const left = this.minMs - (this.now() - this.shownAt);
    if (left <= 0) this.hide();
    else this.timer = setTimeout(() => this.hide(), left);
  }

  /** Cancels a pending hide (unmount). */
  dispose(): void {
    this.clearTimer();
  }

  private hide(): void {
    this.timer = null;
    this.visible = false;
    this.onChange(false);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** `active`, held true for at least `minMs` once it became true (spec core §9 minimum loading display). */
export function useMinimumDisplay(active: boolean, minMs: number = MIN_LOADING_DISPLAY_MS): boolean {
  const [visible, setVisible] = useState(active);
  const rule = useRef<MinimumDisplay | null>(null);
  if (rule.current == null) rule.current = new MinimumDisplay(minMs, setVisible);
  useEffect(() => {
    rule.current?.set(active);
  }, [active]);
  useEffect(() => () => rule.current?.dispose(), []);
  return visible || active;
}
