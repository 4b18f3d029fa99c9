/** errorElement of the router: maps thrown route errors and render crashes to the error page. */
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { notFoundMessage } from '../router/guards';
import { ErrorPage } from './ErrorPage';

export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <ErrorPage status={404} message={notFoundMessage(pathname)} />;
    return (
      <ErrorPage
        status={error.status}
        message={typeof error.data === 'string' ? error.data : error.statusText || undefined}
      />
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage status={500} />;
}
