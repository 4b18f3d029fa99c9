/**
 * The app shell's root route (spec chat-and-shell §2 "The app shell renders a layout with a page outlet"): no UI
 * library, so that the public pages load without the account areas' code (issue 13). The public pages render under it
 * directly; the account areas under `AppRoot`. It also shows 'Доступна новая версия' when the builds manifest names
 * another build (core §7).
 */
import { Outlet } from 'react-router-dom';
import { NewVersionNotice } from './NewVersionNotice';

export function ShellRoot() {
  return (
    <>
      <Outlet />
      <NewVersionNotice />
    </>
  );
}
