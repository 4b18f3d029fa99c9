/** Public landing page for clients (/clients, /en/clients; spec core §1 claims, §2 landing layout). */
import { Facts, Faq, Hero, Steps } from './LandingSections';
import { CallbackButton } from './CallbackDialog';
import { FeeCalculator } from './FeeCalculator';
import { useLocale } from './locale';
import { siteTexts } from './texts';

export function ClientsLandingPage() {
  const t = siteTexts(useLocale());
  return (
    <>
      <Hero title={t.clients.title} lead={t.clients.lead} cta={t.clients.cta} to="/client/auth">
        <CallbackButton topic={null} />
      </Hero>
      <Facts t={t} />
      <FeeCalculator />
      <Steps t={t} />
      <Faq t={t} />
    </>
  );
}
