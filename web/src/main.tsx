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

const router = createAppRouter();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
