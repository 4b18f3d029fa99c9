/**
 * App entry: i18next (without texts: each area adds its own), the router with every page as a lazily loaded chunk
 * (system/router/routes.tsx). Chakra UI and Relay load with the account areas (system/shell/AppRoot.tsx), so the public
 * pages' first load carries neither (issue 13 "Fast first load").
 * At start, before anything else: the window's error and unhandled-rejection listeners that set the app's error state
 * (chat-and-shell §8; system/errors/appError.ts), and the analytics counter (chat-and-shell §4; it reads the public
 * runtime config in the background). A startup failure sets the app's error state and shows the full error page.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './system/i18n';
import { startAnalytics } from './system/analytics/analytics';
import { installAppErrorHandlers, reportAppError } from './system/errors/appError';
import { createAppRouter } from './system/router/routes';
import { AppErrorGate } from './system/shell/AppErrorGate';
import { registerServiceWorker } from './system/shell/serviceWorker';

installAppErrorHandlers();
void startAnalytics();

const root = createRoot(document.getElementById('root') as HTMLElement);
try {
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
} catch (error) {
  reportAppError(error);
  root.render(
    <StrictMode>
      <AppErrorGate />
    </StrictMode>,
  );
}

// The service worker at the site root (chat-and-shell §2), once the page has loaded; not in development (Vite serves
// modules that the worker must not cache).
if (import.meta.env.PROD) window.addEventListener('load', () => void registerServiceWorker());
