/**
 * The composer's mention autocomplete (spec chat §5 mentions; rules in rules/mentions.ts): '@' and the first letters of
 * a name open the listbox 'Упомянуть участника' with the group's members without the viewer; ArrowUp/ArrowDown move,
 * Enter or Tab (or a click) insert '@Name ' and put the caret after it, Escape closes the list for that '@' (it opens
 * again when another '@' is typed or the textbox gets the focus back).
 *
 * `const m = useMentions({ text, members, viewerUserId, textarea, onInsert })`: `text` is the composer's current text,
 * `onInsert(text, caret)` replaces it after a pick. The composer calls `m.textChanged(value, caret)` on every change,
 * gives `m.onKeyDown(e)` the first look at a key (true: handled), spreads `m.textareaProps` on the textbox and renders
 * `m.options` in MentionSuggestions while `m.listOpen`.
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { activeMention, filterMentionCandidates, insertMention, type Mentionable } from '../../rules/mentions';
import { mentionOptionId, type MentionOption } from './MentionSuggestions';

export interface UseMentionsArgs {
  /** The composer's current text. */
  text: string;
  /** The group's members. */
  members: readonly Mentionable[];
  /** The viewer, never offered. */
  viewerUserId: number | null;
  /** The textbox: focused with the caret after an inserted mention. */
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** Replaces the text after a pick; `caret` is the position after '@Name '. */
  onInsert: (text: string, caret: number) => void;
}

/** State and handlers of the mention autocomplete (see the module comment). */
export function useMentions({ text, members, viewerUserId, textarea, onInsert }: UseMentionsArgs) {
  const [caret, setCaret] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();

  // After an insertion: focus the textbox and put the caret after the name.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !textarea.current) return;
    pendingCaret.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(at, at);
  });

  const mention = activeMention(text, caret);
  const options: MentionOption[] =
    mention && mention.start !== dismissedAt ? filterMentionCandidates(members, mention.query, viewerUserId) : [];
  const listOpen = options.length > 0;
  const active = Math.min(activeIndex, Math.max(0, options.length - 1));

  /** The text changed to `value` with the caret at `at`. */
  const textChanged = (value: string, at: number) => {
    setCaret(at);
    setActiveIndex(0);
    if (dismissedAt !== null && activeMention(value, at)?.start !== dismissedAt) setDismissedAt(null);
  };

  const pick = (option: MentionOption) => {
    if (!mention) return;
    const r = insertMention(text, mention, option.name);
    pendingCaret.current = r.caret;
    onInsert(r.text, r.caret);
  };

  /** Handles the list's keys while it is open; true when the key was used. */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!listOpen) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((active + step + options.length) % options.length);
      return true;
    }
    if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      pick(options[active]);
      return true;
    }
    if (e.key === 'Escape' && mention) {
      e.preventDefault();
      e.stopPropagation();
      setDismissedAt(mention.start);
      return true;
    }
    return false;
  };

  return {
    listId,
    options,
    listOpen,
    active,
    setActiveIndex,
    pick,
    textChanged,
    onKeyDown,
    /** The caret moved to the start (the text was sent). */
    reset: () => setCaret(0),
    /** ARIA combobox attributes and caret/focus tracking for the textbox. */
    textareaProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': listOpen ? listId : undefined,
      'aria-activedescendant': listOpen ? mentionOptionId(listId, options[active]) : undefined,
      onSelect: (e: { currentTarget: HTMLTextAreaElement }) => setCaret(e.currentTarget.selectionStart ?? 0),
      onBlur: () => setDismissedAt(mention?.start ?? null),
      onFocus: () => setDismissedAt(null),
    },
  };
}
