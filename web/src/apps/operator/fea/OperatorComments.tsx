/**
 * Comments on a request (spec core §4 "Operator actions: comment"): every operator comment (`operatorComments`,
 * also the reject / close reasons) and the comments of other status changes (e.g. a payment agent's refusal
 * reason) with author and time, newest first, and 'Добавить комментарий'. A comment found in both the comments and
 * the history (same time and text) is shown once.
 */
import { Button, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { OperatorComments_order$key } from '../../../__generated__/OperatorComments_order.graphql';
import { FormField } from '../../../components/FormField';
import { reportResult } from '../../../system/errors/resultMessage';
import { userErrorOf } from '../../../system/errors/userError';
import { ACTOR_ROLE_LABEL } from '../../../components/deal/labels';
import { formatDateTime } from '../../../system/formats';
import { useCommentOrderMutation } from './mutations/useCommentOrderMutation';
import { mergeOrderComments, type OrderCommentItem } from './operatorOrderSteps';

type CommentItem = OrderCommentItem;

export function OperatorComments({
  order: orderKey,
  refetch,
}: {
  order: OperatorComments_order$key;
  refetch: () => void;
}) {
  const order = useFragment(
    graphql`
      fragment OperatorComments_order on Order {
        id
        viewerCanComment
        lastOperatorComment {
          authorName
          created
          comment
        }
        operatorComments {
          authorName
          created
          comment
        }
        history {
          id
          at
          actorRole
          actorName
          comment
        }
      }
    `,
    orderKey,
  );
  const [commentOrder, commenting] = useCommentOrderMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<CommentItem[]>([]);

  const last = order.lastOperatorComment;
  const items = mergeOrderComments(
    (order.operatorComments ?? []).map((c) => ({ author: c.authorName, at: c.created, text: c.comment })),
    (order.history ?? []).flatMap((h) =>
      h.comment
        ? [
            {
              author: h.actorName ?? (h.actorRole ? (ACTOR_ROLE_LABEL[h.actorRole] ?? h.actorRole) : ''),
              at: h.at,
              text: h.comment,
            },
          ]
        : [],
    ),
    last ? [{ author: last.authorName, at: last.created, text: last.comment }] : [],
    added,
  );

  const onAdd = async () => {
    const value = text.trim();
    if (!value) {
      setError('Укажите комментарий');
      return;
    }
    try {
      const r = await commentOrder({ input: { orderId: order.id, comment: value } });
      const res = r.commentOrder;
      if (res.__typename === 'CommentOrderSuccess') {
        setAdded((a) => [...a, { author: res.comment.authorName, at: res.comment.created, text: res.comment.comment }]);
        setText('');
        setError(null);
      }
      const userError = userErrorOf(res);
      if (userError && userError.fieldErrors.length > 0) setError(userError.fieldErrors[0].message);
      else reportResult(res, { success: 'Комментарий добавлен', refetch });
    } catch {
      /* generic toast shown */
    }
  };

  return (
    <Stack gap="4">
      {order.viewerCanComment && (
        <Stack gap="2">
          <FormField label="Новый комментарий" error={error ?? undefined}>
            <Textarea
              rows={3}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (error) setError(null);
              }}
            />
          </FormField>
          <Button alignSelf="flex-start" onClick={onAdd} loading={commenting}>
            Добавить комментарий
          </Button>
        </Stack>
      )}
      {items.length === 0 ? (
        <Text color="gray.600">Комментариев нет</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Комментарии">
          {items.map((c) => (
            <li key={`${c.at}|${c.text}`} data-testid="order-comment">
              <Stack gap="0" borderLeftWidth="2px" borderColor="blue.300" pl="3">
                <Text fontSize="sm" color="gray.600">
                  {c.author ? `${c.author}, ` : ''}
                  {formatDateTime(c.at)}
                </Text>
                <Text whiteSpace="pre-wrap">{c.text}</Text>
              </Stack>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
