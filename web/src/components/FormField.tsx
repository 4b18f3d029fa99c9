/** A labelled form field with its error and hint (Chakra Field), so every input has an accessible name. */
import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: string;
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

export function FormField({ label, error, helperText, required, children }: FormFieldProps) {
  return (
    <Field.Root invalid={!!error} required={required}>
      {/* No visual asterisk: it would become part of the accessible name ('Пароль *'); Field.Root's
          `required` marks the input as required for assistive technology instead. */}
      <Field.Label>{label}</Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
