/**
 * A support chat on the operators' desk, named by the client who wrote (support/chatLists.requesterName): every
 * support group is called 'Поддержка' and the list answer carries no members, so the row loads the group's
 * members once (`chatGroup(groupId)`, kept in the store and shared with the open chat's query) and shows the group
 * name until they arrive or when loading them fails.
 */
import { Suspense } from 'react';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import type { SupportChatListItem_group$key } from '../../../__generated__/SupportChatListItem_group.graphql';
import type { SupportChatListItemQuery } from '../../../__generated__/SupportChatListItemQuery.graphql';
import type { ChatListItem_group$key } from '../../../__generated__/ChatListItem_group.graphql';
import { ChatListItem } from '../list/ChatListItem';
import { requesterName } from './chatLists';
import { QuietBoundary } from './QuietBoundary';

interface RowProps {
  group: ChatListItem_group$key;
  basePath: string;
  active: boolean;
}

function NamedRow({ groupId, ...row }: RowProps & { groupId: number }) {
  const data = useLazyLoadQuery<SupportChatListItemQuery>(
    graphql`
      query SupportChatListItemQuery($groupId: Int!) {
        viewer {
          id
          chatGroup(groupId: $groupId) {
            id
            members {
              id
              userId
              name
            }
          }
        }
      }
    `,
    { groupId },
    { fetchPolicy: 'store-or-network' },
  );
  return <ChatListItem {...row} displayName={requesterName(data.viewer?.chatGroup?.members ?? [])} />;
}

/** One support chat row of the desk list, linking to `<basePath>/<groupId>`. */
export function SupportChatListItem({ group, basePath, active }: { group: SupportChatListItem_group$key; basePath: string; active: boolean }) {
  const g = useFragment(
    graphql`
      fragment SupportChatListItem_group on ChatGroup {
        groupId
        ...ChatListItem_group
      }
    `,
    group,
  );
  const plain = <ChatListItem group={g} basePath={basePath} active={active} />;
  return (
    <QuietBoundary what="support chat members" fallback={plain}>
      <Suspense fallback={plain}>
        <NamedRow group={g} basePath={basePath} active={active} groupId={g.groupId} />
      </Suspense>
    </QuietBoundary>
  );
}
