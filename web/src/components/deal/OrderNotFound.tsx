/** 'Заявка не найдена' inside a request modal: a non-numeric id or an order the viewer may not see. */
import { Dialog, Text } from '@chakra-ui/react';

export function OrderNotFound() {
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Заявка не найдена</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text color="gray.700" pb="6">
          Заявка не существует или недоступна.
        </Text>
      </Dialog.Body>
    </>
  );
}
