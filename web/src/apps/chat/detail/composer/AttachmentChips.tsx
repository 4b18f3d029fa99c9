/**
 * The composer's attachments: list 'Вложения' with a chip per file — a thumbnail for a picture (object URL), the
 * name and size, a spinner 'Загружается' while uploading, 'Не загружен' after a failed upload, and the button
 * 'Убрать {name}'. Each chip has `data-status` uploading | done | error.
 */
import { Box, CloseButton, HStack, Image, Spinner, Text } from '@chakra-ui/react';
import { formatFileSize } from '../../../../system/formats';
import type { Attachment } from './attachments';
import { PaperclipIcon } from '../PaperclipIcon';
import { CHAT_TEXTS } from '../../rules/texts';

export interface AttachmentChipsProps {
  attachments: readonly Attachment[];
  onRemove: (key: string) => void;
}

/** Chips of the attachments being prepared; nothing when there are none. */
export function AttachmentChips({ attachments, onRemove }: AttachmentChipsProps) {
  if (attachments.length === 0) return null;
  return (
    <Box
      as="ul"
      role="list"
      aria-label={CHAT_TEXTS.attachments}
      listStyleType="none"
      m="0"
      p="0"
      display="flex"
      flexWrap="wrap"
      gap="2"
    >
      {attachments.map((a) => (
        <HStack
          as="li"
          key={a.key}
          data-testid="composer-attachment"
          data-status={a.status}
          gap="2"
          ps={a.picture && a.previewUrl ? '1' : '2.5'}
          pe="1"
          py="1"
          borderWidth="1px"
          borderColor={a.status === 'error' ? 'red.300' : 'gray.200'}
          bg={a.status === 'error' ? 'red.50' : 'gray.50'}
          borderRadius="md"
          maxW="64"
        >
          {a.picture && a.previewUrl ? (
            <Image src={a.previewUrl} alt="" boxSize="9" objectFit="cover" borderRadius="sm" flexShrink={0} />
          ) : (
            <PaperclipIcon boxSize="4" color="gray.500" mx="1" flexShrink={0} />
          )}
          <Box minW="0">
            <Text fontSize="xs" fontWeight="medium" truncate title={a.name}>
              {a.name}
            </Text>
            <Text fontSize="2xs" color={a.status === 'error' ? 'red.600' : 'gray.500'}>
              {a.status === 'error' ? CHAT_TEXTS.uploadFailed : formatFileSize(a.size)}
            </Text>
          </Box>
          {a.status === 'uploading' && (
            <Spinner size="xs" color="blue.500" role="status" aria-label={CHAT_TEXTS.uploading} flexShrink={0} />
          )}
          <CloseButton
            size="2xs"
            aria-label={CHAT_TEXTS.removeAttachment(a.name)}
            onClick={() => onRemove(a.key)}
            flexShrink={0}
          />
        </HStack>
      ))}
    </Box>
  );
}
