/** A choice of a few options as a fieldset of radios ('Тип платежа', 'Местонахождение товара', 'Способ сделки'...), with its error. */
import { Fieldset, HStack, RadioGroup } from '@chakra-ui/react';

export interface RadioChoiceFieldProps {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string | null) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
}

export function RadioChoiceField({ legend, name, value, onChange, options, error }: RadioChoiceFieldProps) {
  return (
    <Fieldset.Root invalid={!!error}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <RadioGroup.Root value={value || null} onValueChange={(d) => onChange(d.value)} name={name}>
        <HStack gap="6">
          {options.map((o) => (
            <RadioGroup.Item key={o.value} value={o.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
