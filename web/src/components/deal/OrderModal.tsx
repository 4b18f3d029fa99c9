/**
 * The shell of a request modal over a list (spec core §2 "request modal"), shared by the client's and the
 * operator's areas: the numeric order id comes from the path (`:orderId`), a non-numeric id shows
 * 'Заявка не найдена', closing goes back to the list (`onClose`). `children` renders the loaded request for a
 * valid id (its own `node(id:)` query, see useOrderRefetch) inside Suspense with the 'Заявка' spinner.
 */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../PageSpinner';
import { parseOrderIdParam } from './dealIds';
import { OrderNotFound } from './OrderNotFound';

export function OrderModal({
  testId,
  onClose,
  children,
}: {
  testId: string;
  onClose: () => void;
  children: (orderId: number) => ReactNode;
}) {
  const { orderId } = useParams();
  const id = parseOrderIdParam(orderId);
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && onClose()}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ md: '5xl' }} data-testid={testId}>
            <Suspense
              fallback={
                <>
                  <Dialog.Header>
                    <Dialog.Title>Заявка</Dialog.Title>
                  </Dialog.Header>
                  <PageSpinner minH="30vh" />
                </>
              }
            >
              {id == null ? <OrderNotFound /> : children(id)}
            </Suspense>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
