/**
 * The landing layout (spec core §2 "default-landing"): the public header (site sections, language switch, sign-in),
 * the page and the footer; scrolls to top on entry. Plain markup and one CSS file, no UI library, so the public pages'
 * first load stays small (issue 13). `locale`: the language of the pages under it (/ → Russian, /en → English).
 */
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import type { Locale } from '../../system/i18n';
import { LocaleContext, pathInLocale } from './locale';
import { useSitePage } from './useSitePage';
import './landing.css';

export function LandingLayout({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  const t = useSitePage(locale);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  const base = locale === 'ru' ? '' : `/${locale}`;
  return (
    <LocaleContext.Provider value={locale}>
      <div className="site">
        <header className="site-header">
          <div className="site-container site-header__row">
            <Link className="site-logo" to={`${base}/clients`}>
              {t.appName}
            </Link>
            <nav aria-label={t.nav.label} className="site-nav">
              <NavLink to={`${base}/clients`}>{t.nav.clients}</NavLink>
              <NavLink to={`${base}/partners`}>{t.nav.partners}</NavLink>
              <NavLink to={`${base}/agents`}>{t.nav.agents}</NavLink>
              <Link to={`${base}/clients/cards`}>{t.nav.cards}</Link>
            </nav>
            <div className="site-header__actions">
              <nav aria-label={t.language.label} className="site-lang">
                <Link
                  to={pathInLocale(pathname, 'ru')}
                  hrefLang="ru"
                  lang="ru"
                  aria-current={locale === 'ru' ? 'true' : undefined}
                >
                  RU
                </Link>
                <Link
                  to={pathInLocale(pathname, 'en')}
                  hrefLang="en"
                  lang="en"
                  aria-current={locale === 'en' ? 'true' : undefined}
                >
                  EN
                </Link>
              </nav>
              <Link className="site-button site-button--small" to="/client/auth">
                {t.signIn}
              </Link>
            </div>
          </div>
        </header>
        <main className="site-main">
          <Outlet />
        </main>
        <footer className="site-footer">
          <div className="site-container">
            <p>{t.footer}</p>
          </div>
        </footer>
      </div>
    </LocaleContext.Provider>
  );
}
