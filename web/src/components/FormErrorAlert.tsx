/** The error of a whole form (a server refusal not placed next to a field), announced as an alert. Nothing without a message. */
import { Alert } from '@chakra-ui/react';

export function FormErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
