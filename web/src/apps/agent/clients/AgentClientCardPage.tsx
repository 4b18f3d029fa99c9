/** The card of a referral partner's client by OGRN (issue 11; spec core §2 "Agent area"). Stub wired into the routes; its slice replaces it. */
import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function AgentClientCardPage() {
  return <PlaceholderPage titleKey="common.clients" />;
}
