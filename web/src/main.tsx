/**
 * App entry: i18next (without texts: each area adds its own), the router with every page as a lazily loaded chunk
 * (system/router/routes.tsx). Chakra UI and Relay load with the account areas (system/shell/AppRoot.tsx), so the public
 * pages' first load carries neither (issue 13 "Fast first load").
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './system/i18n';
import { createAppRouter } from './system/router/routes';
import { registerServiceWorker } from './system/shell/serviceWorker';

const router = createAppRouter();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// The service worker at the site root (chat-and-shell §2), once the page has loaded; not in development (Vite serves
// modules that the worker must not cache).
if (import.meta.env.PROD) window.addEventListener('load', () => void registerServiceWorker());
