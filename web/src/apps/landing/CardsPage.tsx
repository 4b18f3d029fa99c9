/**
 * /clients/cards (spec core §2: layout "none"; §1 foreign bank cards issued for a fee, with or without a power of
 * attorney, card discount 10 %).
 */
import { Link } from 'react-router-dom';
import type { Locale } from '../../system/i18n';
import { Points } from './LandingSections';
import { LocaleContext } from './locale';
import { useSitePage } from './useSitePage';
import './landing.css';

export function CardsPage({ locale }: { locale: Locale }) {
  const t = useSitePage(locale, locale === 'ru' ? 'Зарубежные карты' : 'Foreign cards');
  return (
    <LocaleContext.Provider value={locale}>
      <main className="site site-main">
        <section className="site-hero">
          <div className="site-container">
            <h1>{t.cards.title}</h1>
            <p className="site-lead">{t.cards.lead}</p>
            <Link className="site-button site-button--ghost" to={locale === 'ru' ? '/clients' : '/en/clients'}>
              {t.cards.back}
            </Link>
          </div>
        </section>
        <Points items={t.cards.points} />
      </main>
    </LocaleContext.Provider>
  );
}
