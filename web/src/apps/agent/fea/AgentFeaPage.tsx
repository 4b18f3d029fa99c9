/** The requests of the referral partner's clients, the create-order button and the commissions (issue 11; spec core §2 "Agent area"). Stub wired into the routes; its slice replaces it. */
import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function AgentFeaPage() {
  return <PlaceholderPage titleKey="common.orders" />;
}
