/**
 * The dialog 'Пригласить в альянс' of the alliance header: the viewer's contacts (`Viewer.chatContacts`) who are not
 * members of the alliance (allianceRules.invitableContacts; the dialog's own query, fetched when it opens), each with
 * a button 'Пригласить <name>' calling inviteToChatGroup. A sent invitation marks its row 'Приглашение отправлено'
 * (the GROUP_INVITATION message reaches the chat through chatEvents); the server's UserError text (e.g. 'Пользователь
 * уже приглашён') is shown inline under the row; other failures are logged only (spec chat §8).
 */
import { Box, Button, Center, CloseButton, Dialog, Flex, Portal, Spinner, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { InviteToAllianceDialogQuery } from '../../../__generated__/InviteToAllianceDialogQuery.graphql';
import { useInviteToChatGroupMutation } from '../mutations/useInviteToChatGroupMutation';
import { ALLIANCE_TEXTS } from '../rules/texts';
import { invitableContacts } from './allianceRules';
import { readUserError } from '../../../system/errors/userError';

/** Props of InviteToAllianceDialog: the alliance (global and backend id), whether it is open, and the close callback. */
export interface InviteToAllianceDialogProps {
  groupGlobalId: string;
  groupId: number;
  open: boolean;
  onClose: () => void;
}

/** The invite dialog (see the module comment). */
export function InviteToAllianceDialog({ groupGlobalId, groupId, open, onClose }: InviteToAllianceDialogProps) {
  return (
    <Dialog.Root
      size={{ base: 'full', md: 'md' }}
      open={open}
      onOpenChange={(d) => !d.open && onClose()}
      lazyMount
      unmountOnExit
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{ALLIANCE_TEXTS.inviteTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {open && (
                <Suspense
                  fallback={
                    <Center py="6">
                      <Spinner />
                    </Center>
                  }
                >
                  <InviteCandidates groupGlobalId={groupGlobalId} groupId={groupId} />
                </Suspense>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={ALLIANCE_TEXTS.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function InviteCandidates({ groupGlobalId, groupId }: { groupGlobalId: string; groupId: number }) {
  const data = useLazyLoadQuery<InviteToAllianceDialogQuery>(
    graphql`
      query InviteToAllianceDialogQuery($groupId: Int!) {
        viewer {
          id
          userId
          chatContacts {
            id
            userId
            name
          }
          chatGroup(groupId: $groupId) {
            id
            members {
              userId
            }
          }
        }
      }
    `,
    { groupId },
    { fetchPolicy: 'network-only' },
  );
  const [invite, inFlight] = useInviteToChatGroupMutation();
  const [sending, setSending] = useState<number | null>(null);
  const [invited, setInvited] = useState<ReadonlySet<number>>(new Set());
  const [errors, setErrors] = useState<Readonly<Record<number, string>>>({});
  const viewer = data.viewer;
  const candidates = invitableContacts(
    viewer?.chatContacts ?? [],
    (viewer?.chatGroup?.members ?? []).map((m) => m.userId),
    viewer?.userId ?? null,
  );

  const onInvite = (userId: number) => {
    setSending(userId);
    setErrors(({ [userId]: _, ...rest }) => rest);
    invite({ input: { groupId: groupGlobalId, userId } })
      .then((res) => {
        const r = res.inviteToChatGroup;
        if (r.__typename === 'InviteToChatGroupSuccess') setInvited((s) => new Set(s).add(userId));
        else if (r.__typename === 'UserError') {
          const userError = readUserError(r.userError);
          setErrors((e) => ({ ...e, [userId]: userError.message }));
        }
      })
      .catch(() => undefined)
      .finally(() => setSending(null));
  };

  if (candidates.length === 0)
    return (
      <Text role="status" color="gray.500" py="4" textAlign="center">
        {ALLIANCE_TEXTS.noInvitable}
      </Text>
    );
  return (
    <Box as="ul" role="list" aria-label={ALLIANCE_TEXTS.inviteCandidates} listStyleType="none" m="0" p="0">
      {candidates.map((c) => {
        const name = c.name || ALLIANCE_TEXTS.user(c.userId);
        return (
          <Box as="li" key={c.id} aria-label={name} py="2" borderBottomWidth="1px">
            <Flex align="center" justify="space-between" gap="3">
              <Text truncate>{name}</Text>
              {invited.has(c.userId) ? (
                <Text fontSize="sm" color="green.700" role="status">
                  {ALLIANCE_TEXTS.invited}
                </Text>
              ) : (
                <Button
                  size="xs"
                  colorPalette="blue"
                  aria-label={ALLIANCE_TEXTS.inviteContact(name)}
                  disabled={inFlight}
                  loading={sending === c.userId}
                  onClick={() => onInvite(c.userId)}
                >
                  {ALLIANCE_TEXTS.invite}
                </Button>
              )}
            </Flex>
            {errors[c.userId] && (
              <Text role="alert" fontSize="sm" color="red.600" mt="1">
                {errors[c.userId]}
              </Text>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
