/** The operators' inbox of callbacks and client recommendations (issue 11; spec core §2 "Agent area"). Stub wired into the routes; its slice replaces it. */
import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function OperatorInboxPage() {
  return <PlaceholderPage titleKey="common.clients" />;
}
