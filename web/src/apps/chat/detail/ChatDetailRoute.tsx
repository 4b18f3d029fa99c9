/**
 * /<area>/chats/<groupId> and the desk's /operator/support/<groupId> (`kind`): validates the id and loads the chat; a failed load (including the unread statistic)
 * shows the error page with the response status and message (spec chat §2, §8): ChatDetail's query fails as a whole
 * when any of its fields fails (`strictErrors`, system/relay/environment.ts), and errorPageOf reads the backend's status.
 */
import { Component, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorPage, NotFoundPage } from '../../../system/errors/ErrorPage';
import { errorPageOf } from '../../../system/errors/errorPageOf';
import { isNumericIdParam, type Area } from '../../../system/router/guards';
import { logChatError } from '../store/chatLog';
import type { ChatListKind } from '../support/chatLists';
import { ChatDetail } from './ChatDetail';

class ChatErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidCatch(error: unknown) {
    logChatError('chat detail', error);
  }
  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // The backend's status (extensions.upstreamStatus of the GraphQL error) and message (spec chat §8).
    const { status, message } = errorPageOf(error);
    return <ErrorPage status={status} message={message} />;
  }
}

/**
 * The <groupId> route element of the list `kind` in `area`: not-found for a non-numeric id, else the chat inside
 * its error boundary.
 */
export function ChatDetailRoute({ area, kind }: { area: Area; kind: ChatListKind }) {
  const { groupId } = useParams();
  if (!isNumericIdParam(groupId)) return <NotFoundPage />;
  return (
    <ChatErrorBoundary key={groupId}>
      <ChatDetail key={groupId} groupId={Number(groupId)} area={area} kind={kind} />
    </ChatErrorBoundary>
  );
}
