/** The referral partner's documents and acts (issue 11; spec core §2 "Agent area"). Stub wired into the routes; its slice replaces it. */
import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function AgentDocumentsPage() {
  return <PlaceholderPage titleKey="common.documents" />;
}
