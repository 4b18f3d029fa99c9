/**
 * A support chat on the operators' desk, named by the user who wrote (`ChatGroup.supportRequester`, which comes with
 * the list answer): the requester's name as the row's name, the company under it. Every support group is called
 * 'Поддержка', which the row shows only while the server names no requester.
 */
import { graphql, useFragment } from 'react-relay';
import type { SupportChatListItem_group$key } from '../../../__generated__/SupportChatListItem_group.graphql';
import { ChatListItem } from '../list/ChatListItem';

/** One support chat row of the desk list, linking to `<basePath>/<groupId>`. */
export function SupportChatListItem({
  group,
  basePath,
  active,
}: {
  group: SupportChatListItem_group$key;
  basePath: string;
  active: boolean;
}) {
  const g = useFragment(
    graphql`
      fragment SupportChatListItem_group on ChatGroup {
        supportRequester {
          userId
          name
          companyName
        }
        ...ChatListItem_group
      }
    `,
    group,
  );
  const requester = g.supportRequester;
  return (
    <ChatListItem
      group={g}
      basePath={basePath}
      active={active}
      displayName={requester?.name.trim() || null}
      subtitle={requester?.companyName?.trim() || null}
    />
  );
}
