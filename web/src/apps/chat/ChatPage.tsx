/**
 * /<area>/chats/* (spec core §2 chats/{id}, chat layout): the chat layout over the list and one chat (an operator's
 * support chat redirects to the desk, /operator/support/<groupId>); /<area>/chats/order/<orderId> opens the
 * request's chat (openOrderChat) and redirects to it.
 */
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../system/errors/ErrorPage';
import type { Area } from '../../system/router/guards';
import { ChatDetailRoute } from './detail/ChatDetailRoute';
import { ChatLayout } from './ChatLayout';
import { ChatPlaceholder } from './ChatPlaceholder';
import { OpenOrderChatRedirect } from './OpenOrderChatRedirect';

/** The chat routes of `area`: the request-chat redirect, the list with the placeholder or one chat, else not found. */
export function ChatPage({ area }: { area: Area }) {
  return (
    <Routes>
      <Route path="order/:orderId" element={<OpenOrderChatRedirect area={area} />} />
      <Route element={<ChatLayout area={area} />}>
        <Route index element={<ChatPlaceholder />} />
        <Route path=":groupId" element={<ChatDetailRoute area={area} kind="chats" />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
