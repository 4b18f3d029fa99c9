/**
 * The mention autocomplete of the composer: listbox 'Упомянуть участника' above the textbox with one option per
 * matching group member (rules/mentions.ts filterMentionCandidates). The textbox keeps the focus: it moves the active
 * option with the arrow keys and picks it with Enter or Tab (aria-activedescendant); a click picks too.
 */
import { Box, Text } from '@chakra-ui/react';
import { CHAT_TEXTS } from '../../rules/texts';

export interface MentionOption {
  userId: number;
  name: string;
}

export interface MentionSuggestionsProps {
  /** Id of the listbox (the textbox's aria-controls). */
  id: string;
  options: readonly MentionOption[];
  activeIndex: number;
  onPick: (option: MentionOption) => void;
  onActiveChange: (index: number) => void;
}

/** The id of one option, for aria-activedescendant. */
export function mentionOptionId(listId: string, option: MentionOption): string {
  return `${listId}-${option.userId}`;
}

/** Listbox of the members a mention may name; rendered only while there are options. */
export function MentionSuggestions({ id, options, activeIndex, onPick, onActiveChange }: MentionSuggestionsProps) {
  return (
    <Box
      id={id}
      role="listbox"
      aria-label={CHAT_TEXTS.mentionSuggestions}
      position="absolute"
      bottom="100%"
      left="0"
      mb="1"
      zIndex="dropdown"
      minW="60"
      maxW="full"
      maxH="60"
      overflowY="auto"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="md"
      boxShadow="md"
      py="1"
    >
      {options.map((o, i) => (
        <Box
          key={o.userId}
          id={mentionOptionId(id, o)}
          role="option"
          aria-selected={i === activeIndex}
          px="3"
          py="1.5"
          cursor="pointer"
          bg={i === activeIndex ? 'blue.50' : undefined}
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => onActiveChange(i)}
          onClick={() => onPick(o)}
        >
          <Text fontSize="sm" truncate>
            {o.name}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
