/** A paperclip (attachments), drawn inline so it shows without an emoji font; decorative (aria-hidden). */
import { Icon, type IconProps } from '@chakra-ui/react';

/** The paperclip icon of the attach button, the composer's file chips and a message's file link. */
export function PaperclipIcon(props: IconProps) {
  return (
    <Icon aria-hidden {...props} asChild>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48" />
      </svg>
    </Icon>
  );
}
