/**
 * Mounted once at the shell root (routes.tsx, next to ShellRoot): records every router location in the tab's navigation
 * history (navigationHistory.ts, for the entered-from rule and the locale redirect) and installs the document-level
 * click guard that refuses links to disallowed targets (spec core §2 "Navigation to an external address is refused
 * unless explicitly allowed; some protocols are refused"; externalNavigation.ts). No UI library.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { OPERATOR_LOGIN_URL } from './operatorLogin';
import { allowListWith, logRefusedNavigation, navigationRefusal } from './externalNavigation';
import { navigationHistory } from './navigationHistory';

/**
 * Installs the click guard on `doc` (capture phase, before the app's own handlers and react-router's links): a click
 * (or middle click) on a link whose target the rules refuse is cancelled and logged. Returns the function that removes
 * it.
 */
export function installClickGuard(doc: Document, allowList: readonly string[]): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const anchor = target.closest('a[href], area[href]');
    if (!anchor) return;
    const href = anchor.getAttribute('href') ?? '';
    const refusal = navigationRefusal(href, allowList, doc.location?.href);
    if (!refusal) return;
    event.preventDefault();
    event.stopPropagation();
    logRefusedNavigation(href, refusal);
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('auxclick', onClick, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('auxclick', onClick, true);
  };
}

let installed = false;

export function NavigationGuard() {
  const { pathname } = useLocation();
  useEffect(() => {
    navigationHistory().record(pathname);
  }, [pathname]);
  useEffect(() => {
    if (installed) return;
    installed = true;
    installClickGuard(document, allowListWith(OPERATOR_LOGIN_URL));
  }, []);
  return null;
}
