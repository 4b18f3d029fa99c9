/** The right pane while no chat is open. */
import { Center, Text } from '@chakra-ui/react';
import { CHAT_TEXTS } from './rules/texts';

export function ChatPlaceholder({ text = CHAT_TEXTS.pickChat }: { text?: string }) {
  return (
    <Center h="full" minH="40">
      <Text color="gray.500">{text}</Text>
    </Center>
  );
}
