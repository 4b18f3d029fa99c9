/** The full picture of a message over the chat: dialog named by the picture, the image fitted to the screen, 'Закрыть'. */
import { CloseButton, Dialog, Image, Portal } from '@chakra-ui/react';
import { CHAT_TEXTS } from '../rules/texts';

export interface PictureLightboxProps {
  /** The picture shown, or null when closed. */
  picture: { name: string; url: string } | null;
  onClose: () => void;
}

/** Chakra Dialog showing one picture in full (object-fit: contain within the viewport). */
export function PictureLightbox({ picture, onClose }: PictureLightboxProps) {
  return (
    <Dialog.Root
      open={picture !== null}
      onOpenChange={(d) => !d.open && onClose()}
      size={{ base: 'full', md: 'xl' }}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="gray.900" color="white" w="auto" minW="xs" maxW="min(96vw, 1200px)">
            <Dialog.Header py="2" pe="12">
              <Dialog.Title fontSize="sm" fontWeight="medium" truncate>
                {picture?.name}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" justifyContent="center" pb="4">
              {picture && <Image src={picture.url} alt={picture.name} maxW="full" maxH="80vh" objectFit="contain" />}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" color="white" aria-label={CHAT_TEXTS.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
