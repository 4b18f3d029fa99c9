/** /<area>/chats/order/<orderId>: opens (creates on first use) the request's chat and replaces the route with it. */
import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Area } from '../../system/router/guards';
import { useOpenOrderChatMutation } from './mutations/useOpenOrderChatMutation';
import { logChatError } from './store/chatLog';
import { userErrorOf } from '../../system/errors/userError';
import { CHAT_TEXTS } from './rules/texts';

export function OpenOrderChatRedirect({ area }: { area: Area }) {
  const { orderId = '' } = useParams();
  const [open] = useOpenOrderChatMutation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === orderId) return;
    started.current = orderId;
    open({ input: { orderId } })
      .then((res) => {
        const r = res.openOrderChat;
        if (r.__typename === 'OpenOrderChatSuccess') navigate(`/${area}/chats/${r.group.groupId}`, { replace: true });
        else {
          logChatError('openOrderChat', r);
          setFailed(userErrorOf(r)?.message ?? CHAT_TEXTS.orderChatFailed);
        }
      })
      .catch(() => setFailed(CHAT_TEXTS.orderChatFailed));
  }, [orderId, open, navigate, area]);

  return (
    <Center minH="40">
      {failed ? (
        <Text role="alert">{failed}</Text>
      ) : (
        <Stack align="center" gap="3">
          <Spinner />
          <Text>{CHAT_TEXTS.openingOrderChat}</Text>
        </Stack>
      )}
    </Center>
  );
}
