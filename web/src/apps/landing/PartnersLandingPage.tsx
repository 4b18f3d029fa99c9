/** Public landing page for payment agents (/partners; spec core §1 recruitment pages, partner acquiring 1–1.5 %). */
import { Facts, Hero, Points, Steps } from './LandingSections';
import { CallbackButton } from './CallbackDialog';
import { useLocale } from './locale';
import { siteTexts } from './texts';

export function PartnersLandingPage() {
  const t = siteTexts(useLocale());
  return (
    <>
      <Hero title={t.partners.title} lead={t.partners.lead} cta={t.partners.cta} to="/partner/auth">
        <CallbackButton topic="partner" />
      </Hero>
      <Points items={t.partners.points} />
      <Facts t={t} />
      <Steps t={t} />
    </>
  );
}
