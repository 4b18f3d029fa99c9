/** Several error messages of one field (a file input: refused files, failed uploads, the form's own error), each an alert. Nothing when empty. */
import { Field, Stack } from '@chakra-ui/react';

export function FieldErrorList({ messages }: { messages: ReadonlyArray<string> }) {
  if (messages.length === 0) return null;
  return (
    <Stack gap="1">
      {messages.map((m, i) => (
        <Field.ErrorText key={`${m}-${i}`} role="alert">
          {m}
        </Field.ErrorText>
      ))}
    </Stack>
  );
}
