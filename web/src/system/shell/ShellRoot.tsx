/**
 * The app shell's root route (spec chat-and-shell §2 "The app shell renders a layout with a page outlet"): no UI
 * library, so that the public pages load without the account areas' code (issue 13). The public pages render under it
 * directly; the account areas under `AppRoot`.
 */
import { Outlet } from 'react-router-dom';

export function ShellRoot() {
  return <Outlet />;
}
