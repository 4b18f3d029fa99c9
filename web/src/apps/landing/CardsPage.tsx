/** /clients/cards (spec core §2: no layout): foreign bank cards and the debit card lead form. Skeleton. */
import type { Locale } from '../../system/i18n';

export function CardsPage({ locale }: { locale: Locale }) {
  return (
    <main lang={locale}>
      <h1>Зарубежные банковские карты</h1>
    </main>
  );
}
