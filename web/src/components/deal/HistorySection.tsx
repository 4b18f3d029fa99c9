/** 'История' of a request under its result (client 'Результат', operator 'Закрытие'): the list or 'История недоступна'. */
import { Stack, Text } from '@chakra-ui/react';
import type { HistoryList_history$key } from '../../__generated__/HistoryList_history.graphql';
import { HistoryList } from './HistoryList';

export function HistorySection({
  history,
  brandOf,
}: {
  history: HistoryList_history$key | null | undefined;
  brandOf: (partnerId: number) => string | null;
}) {
  return (
    <Stack gap="2">
      <Text fontWeight="medium">История</Text>
      {history ? <HistoryList history={history} brandOf={brandOf} /> : <Text color="gray.600">История недоступна</Text>}
    </Stack>
  );
}
