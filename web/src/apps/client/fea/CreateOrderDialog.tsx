/**
 * The create-request modal. A client whose company is not verified by a qualified electronic signature
 * cannot create requests (spec core §4 Deal flow 1, §6) and sees why instead of the form.
 */
import { useTranslation } from 'react-i18next';
import { Alert, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { CreateOrderDialog_viewer$key } from '../../../__generated__/CreateOrderDialog_viewer.graphql';
import { PageSpinner } from '../../../components/PageSpinner';
import { CreateOrderForm } from './CreateOrderForm';

export interface CreateOrderDialogProps {
  viewer: CreateOrderDialog_viewer$key;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: () => void;
}

export function CreateOrderDialog({ viewer: viewerKey, open, onOpenChange, onCreated }: CreateOrderDialogProps) {
  const { t } = useTranslation();
  const viewer = useFragment(
    graphql`
      fragment CreateOrderDialog_viewer on Viewer {
        canCreateOrders
        company {
          shortName
          status
          verified
        }
      }
    `,
    viewerKey,
  );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('orders.newOrder')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {viewer.canCreateOrders ? (
                <Suspense fallback={<PageSpinner minH="20vh" />}>
                  <CreateOrderForm onCreated={onCreated} onCancel={() => onOpenChange(false)} />
                </Suspense>
              ) : (
                <Stack gap="3" pb="4">
                  <Alert.Root status="warning" role="alert">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{t('orders.cannotCreateTitle')}</Alert.Title>
                      <Alert.Description>
                        {viewer.company?.status === 'SUSPENDED'
                          ? t('orders.companySuspended')
                          : t('orders.companyNotVerified')}
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                  {viewer.company?.status !== 'SUSPENDED' && <Text color="gray.700">{t('orders.howToVerify')}</Text>}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
