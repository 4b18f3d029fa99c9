/**
 * The app shell's root route (spec chat-and-shell §2 "The app shell renders a layout with a page outlet"): no UI
 * library, so that the public pages load without the account areas' code (issue 13). The public pages render under it
 * directly; the account areas under `AppRoot`. It also shows 'Доступна новая версия' when the builds manifest names
 * another build (core §7), sends the analytics page hits of route changes (chat-and-shell §4) and shows the full error
 * page instead of the page while the app's error state is set (chat-and-shell §8, AppErrorGate).
 */
import { Outlet } from 'react-router-dom';
import { AnalyticsListener } from '../analytics/AnalyticsListener';
import { AppErrorGate } from './AppErrorGate';
import { NewVersionNotice } from './NewVersionNotice';

export function ShellRoot() {
  return (
    <>
      <AnalyticsListener />
      <AppErrorGate>
        <Outlet />
      </AppErrorGate>
      <NewVersionNotice />
    </>
  );
}
