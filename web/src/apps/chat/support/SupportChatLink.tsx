/**
 * 'Написать в поддержку' above the chat list of clients, payment agents and referral partners (spec chat §1, §6:
 * their support chat with the operators): opens the viewer's own ECVP_SUPPORT group, which the backend creates on
 * first use. The group is the first (only) one of `chatGroups(types: [ECVP_SUPPORT], first: 1)`.
 */
import { Button } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { NavLink } from 'react-router-dom';
import type { SupportChatLink_viewer$key } from '../../../__generated__/SupportChatLink_viewer.graphql';
import { SUPPORT_TEXTS } from './supportTexts';

/** The link to `<basePath>/<support group id>`; nothing when the viewer has no support chat. */
export function SupportChatLink({ viewer, basePath }: { viewer: SupportChatLink_viewer$key; basePath: string }) {
  const v = useFragment(
    graphql`
      fragment SupportChatLink_viewer on Viewer {
        supportChats: chatGroups(first: 1, types: [ECVP_SUPPORT]) {
          edges {
            node {
              id
              groupId
            }
          }
        }
      }
    `,
    viewer,
  );
  const groupId = v.supportChats.edges[0]?.node.groupId;
  if (groupId == null) return null;
  return (
    <Button asChild size="sm" variant="subtle" colorPalette="blue" w="full" mb="2">
      <NavLink to={`${basePath}/${groupId}`}>{SUPPORT_TEXTS.write}</NavLink>
    </Button>
  );
}
