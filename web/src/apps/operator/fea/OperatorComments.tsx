/**
 * Comments on a request (spec core §4 "Operator actions: comment"): the operators' comments and the comments of
 * status changes (reasons of refusal, rejection, closing) with author and time, newest first, and
 * 'Добавить комментарий'. The schema exposes only the latest operator comment and the history, so comments
 * added earlier without a status change show only while they are the latest (or were added in this modal).
 */
import { Button, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { OperatorComments_order$key } from '../../../__generated__/OperatorComments_order.graphql';
import { FormField } from '../../../components/FormField';
import { reportDealResult } from '../../../components/deal/dealResult';
import { ACTOR_ROLE_LABEL } from '../../../components/deal/labels';
import { formatDateTime } from '../../../system/formats';
import { useCommentOrderMutation } from './mutations/useCommentOrderMutation';

interface CommentItem {
  author: string;
  at: string;
  text: string;
}

export function OperatorComments({ order: orderKey, refetch }: { order: OperatorComments_order$key; refetch: () => void }) {
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

  const items: CommentItem[] = [];
  const seen = new Set<string>();
  const push = (c: CommentItem) => {
    const key = `${c.at}|${c.text}`;
    if (seen.has(key)) return;
    seen.add(key);
    items.push(c);
  };
  for (const h of order.history ?? []) {
    if (h.comment) push({ author: h.actorName ?? (h.actorRole ? ACTOR_ROLE_LABEL[h.actorRole] ?? h.actorRole : ''), at: h.at, text: h.comment });
  }
  if (order.lastOperatorComment) push({ author: order.lastOperatorComment.authorName, at: order.lastOperatorComment.created, text: order.lastOperatorComment.comment });
  for (const c of added) push(c);
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));

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
      if (res.__typename === 'UserError' && res.fieldErrors.length > 0) setError(res.fieldErrors[0].message);
      else reportDealResult(res, { success: 'Комментарий добавлен', refetch });
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
