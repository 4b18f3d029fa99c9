/**
 * The landing layout (spec core §2 "default-landing"): public header and footer; scrolls to top on entry. Plain markup
 * (no UI library) so the public pages load fast (issue 13). `locale`: the language of the public pages under it.
 * (Skeleton: the public-site helper replaces it with the full header, navigation, language switch and footer.)
 */
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import type { Locale } from '../../system/i18n';

export function LandingLayout({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div lang={locale}>
      <header>
        <Link to="/clients">Валютные платежи</Link> <Link to="/client/auth">Войти</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
