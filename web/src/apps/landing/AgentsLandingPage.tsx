/** Public landing page for referral partners (/agents; spec core §1 recruitment pages). */
import { Faq, Hero, Points } from './LandingSections';
import { CallbackButton } from './CallbackDialog';
import { useLocale } from './locale';
import { siteTexts } from './texts';

export function AgentsLandingPage() {
  const t = siteTexts(useLocale());
  return (
    <>
      <Hero title={t.agents.title} lead={t.agents.lead} cta={t.agents.cta} to="/agent/auth">
        <CallbackButton topic="agent" />
      </Hero>
      <Points items={t.agents.points} />
      <Faq t={t} />
    </>
  );
}
