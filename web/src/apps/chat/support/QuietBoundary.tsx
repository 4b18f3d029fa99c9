/**
 * An error boundary for optional chat extras (the navigation badges, ChatNavLink): a failed load shows `fallback`
 * and is logged, not shown (spec chat §8).
 */
import { Component, type ReactNode } from 'react';
import { logChatError } from '../store/chatLog';

/** Renders `children`, or `fallback` once one of them threw; logs the error under `what`. */
export class QuietBoundary extends Component<
  { children: ReactNode; fallback: ReactNode; what: string },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    logChatError(this.props.what, error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
