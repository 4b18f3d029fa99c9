/**
 * Forwarding a message: dialog 'Переслать сообщение' with the search box 'Поиск чатов' (from 3 characters,
 * debounced 500 ms, spec chat §4, §5) and the list 'Чаты для пересылки' of the viewer's chats (its own query on
 * `viewer.chatGroups`, 20 groups), a button per chat named by the chat. Choosing one sends `sendChatMessage` with
 * `forwardId` and a fresh extMsgId (rules/msgKey.ts) and no text to that group, closes the dialog and opens that chat
 * (/<area>/chats/<groupId>). A failed send is logged (spec chat §8) and the dialog stays open.
 */
import { Box, Button, Center, CloseButton, Dialog, Input, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useState, useTransition } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { ForwardDialogQuery } from '../../../__generated__/ForwardDialogQuery.graphql';
import type { Area } from '../../../system/router/guards';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
import { appendMessage, placeGroup } from '../store/chatStore';
import { nextExtMsgId } from '../rules/msgKey';
import { useSendChatMessageMutation } from '../mutations/useSendChatMessageMutation';
import {
  CHAT_GROUP_PAGE_SIZE as GROUP_PAGE_SIZE,
  CHAT_SEARCH_DEBOUNCE_MS as SEARCH_DEBOUNCE_MS,
} from '@platform/domain/limits';
import { isSearchLongEnough as shouldSearch } from '@platform/domain/chat/groupList';
import { CHAT_TEXTS } from '../rules/texts';

export interface ForwardDialogProps {
  /** Global id of the message to forward; null when the dialog is closed. */
  messageId: string | null;
  area: Area;
  onClose: () => void;
}

/** The forward dialog of the open chat (see the module comment). */
export function ForwardDialog({ messageId, area, onClose }: ForwardDialogProps) {
  return (
    <Dialog.Root
      size={{ base: 'full', md: 'md' }}
      open={messageId !== null}
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
              <Dialog.Title>{CHAT_TEXTS.forwardTitle}</Dialog.Title>
            </Dialog.Header>
            {messageId && <ForwardDialogBody messageId={messageId} area={area} onClose={onClose} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={CHAT_TEXTS.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ForwardDialogBody({ messageId, area, onClose }: { messageId: string; area: Area; onClose: () => void }) {
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = shouldSearch(debounced) ? debounced.trim() : null;
  const [applied, setApplied] = useState<string | null>(search);
  const [searching, startTransition] = useTransition();
  useEffect(() => startTransition(() => setApplied(search)), [search]);

  return (
    <Dialog.Body>
      <Stack gap="3">
        <Input
          aria-label={CHAT_TEXTS.search}
          placeholder={CHAT_TEXTS.search}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoFocus
        />
        <Text fontSize="xs" color="gray.500">
          {CHAT_TEXTS.forwardHint}
        </Text>
        <Suspense
          fallback={
            <Center py="6">
              <Spinner />
            </Center>
          }
        >
          <ForwardTargets search={applied} searching={searching} messageId={messageId} area={area} onClose={onClose} />
        </Suspense>
      </Stack>
    </Dialog.Body>
  );
}

function ForwardTargets({
  search,
  searching,
  messageId,
  area,
  onClose,
}: {
  search: string | null;
  searching: boolean;
  messageId: string;
  area: Area;
  onClose: () => void;
}) {
  const data = useLazyLoadQuery<ForwardDialogQuery>(
    graphql`
      query ForwardDialogQuery($search: String, $first: Int!) {
        viewer {
          chatGroups(first: $first, search: $search) {
            edges {
              node {
                id
                groupId
                name
              }
            }
          }
        }
      }
    `,
    { search, first: GROUP_PAGE_SIZE },
    { fetchPolicy: 'store-and-network' },
  );
  const [send, sending] = useSendChatMessageMutation();
  const [target, setTarget] = useState<string | null>(null);
  const navigate = useNavigate();
  const groups = (data.viewer?.chatGroups.edges ?? []).map((e) => e.node);

  const forwardTo = (group: { id: string; groupId: number }) => {
    setTarget(group.id);
    send(
      { input: { groupId: group.id, extMsgId: nextExtMsgId(), forwardId: messageId } },
      {
        updater: (store) => {
          const f = store.getRootField('sendChatMessage');
          if (f?.getValue('__typename') !== 'SendChatMessageSuccess') return;
          const msg = f.getLinkedRecord('message');
          if (msg) appendMessage(store, group.id, msg);
          placeGroup(store, f.getLinkedRecord('group'));
        },
      },
    )
      .then((res) => {
        if (res.sendChatMessage.__typename !== 'SendChatMessageSuccess')
          throw new Error(res.sendChatMessage.__typename);
        onClose();
        navigate(`/${area}/chats/${group.groupId}`);
      })
      .catch(() => setTarget(null));
  };

  if (groups.length === 0)
    return (
      <Text role="status" color="gray.500" py="4" textAlign="center">
        {CHAT_TEXTS.nothingFound}
      </Text>
    );
  return (
    <Box
      as="ul"
      role="list"
      aria-label={CHAT_TEXTS.forwardTargets}
      aria-busy={searching}
      listStyleType="none"
      m="0"
      p="0"
      opacity={searching ? 0.6 : 1}
    >
      {groups.map((g) => (
        <Box as="li" key={g.id}>
          <Button
            variant="ghost"
            w="full"
            justifyContent="flex-start"
            disabled={sending}
            loading={sending && target === g.id}
            onClick={() => forwardTo(g)}
          >
            <Text truncate>{g.name || CHAT_TEXTS.noName}</Text>
          </Button>
        </Box>
      ))}
    </Box>
  );
}
