/** The referral partner's clients list (issue 11; spec core §2 "Agent area"). Stub wired into the routes; its slice replaces it. */
import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function AgentClientsPage() {
  return <PlaceholderPage titleKey="common.clients" />;
}
