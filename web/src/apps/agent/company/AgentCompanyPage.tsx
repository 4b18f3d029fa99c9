/** The referral partner's company and requisites (issue 11; spec core §2 "Agent area"). Stub wired into the routes; its slice replaces it. */
import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function AgentCompanyPage() {
  return <PlaceholderPage titleKey="common.company" />;
}
