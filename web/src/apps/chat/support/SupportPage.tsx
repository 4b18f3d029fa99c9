/**
 * /operator/support/* — the support desk (spec chat §2 "Support chat: available only to users holding the support
 * role", §6 "a user of type operator counts as support"): every client's and agent's support chat in the chat
 * layout, newest first, each named by the user who wrote and his company; 'Выберите обращение' until one is open;
 * /operator/support/<groupId> opens it (the chat detail of the chat screens; a group that is not a support chat is
 * redirected to /operator/chats/<groupId>, and /operator/chats/<groupId> of a support chat comes here). The search
 * 'Поиск обращений' is the server's (requester name and company). Mounted only in the operator area, behind its
 * operator-access check (guards.ts).
 */
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../../system/errors/ErrorPage';
import { ChatLayout } from '../ChatLayout';
import { ChatPlaceholder } from '../ChatPlaceholder';
import { ChatDetailRoute } from '../detail/ChatDetailRoute';
import { SUPPORT_TEXTS } from './supportTexts';

/** The desk's routes: the list with the placeholder, one chat, anything else not found. */
export function SupportPage() {
  return (
    <Routes>
      <Route element={<ChatLayout area="operator" kind="support" />}>
        <Route index element={<ChatPlaceholder text={SUPPORT_TEXTS.pick} />} />
        <Route path=":groupId" element={<ChatDetailRoute area="operator" kind="support" />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
