/**
 * A text input with a list of suggestions (ARIA combobox + listbox). Used by the country, SWIFT, TN VED
 * and company pickers; end-to-end tests pick an option by role 'option' and its name.
 */
import { useTranslation } from 'react-i18next';
import { Box, Field, Input, Spinner, Text } from '@chakra-ui/react';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface SuggestOption {
  key: string;
  label: string;
  description?: string;
}

export interface SuggestInputProps {
  label: string;
  inputValue: string;
  onInputChange: (value: string) => void;
  options: ReadonlyArray<SuggestOption>;
  onSelect: (option: SuggestOption) => void;
  loading?: boolean;
  placeholder?: string;
  emptyText?: string;
  helperText?: ReactNode;
  error?: string;
  required?: boolean;
  name?: string;
  onBlur?: () => void;
}

export function SuggestInput(props: SuggestInputProps) {
  const { t } = useTranslation();
  const {
    label,
    inputValue,
    onInputChange,
    options,
    onSelect,
    loading,
    placeholder,
    emptyText,
    helperText,
    error,
    required,
    name,
    onBlur,
  } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const showList = open && inputValue.trim() !== '' && (options.length > 0 || !!emptyText || !!loading);

  const choose = (option: SuggestOption) => {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter' && open && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <Field.Root invalid={!!error} required={required} position="relative">
      {/* No visual asterisk: it would become part of the accessible name ('Пароль *'); Field.Root's
          `required` marks the input as required for assistive technology instead. */}
      <Field.Label>{label}</Field.Label>
      <Input
        role="combobox"
        name={name}
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={active >= 0 && options[active] ? `${listId}-${active}` : undefined}
        value={inputValue}
        placeholder={placeholder}
        onChange={(e) => {
          onInputChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          // Let a click on an option land before the list closes.
          setTimeout(() => setOpen(false), 150);
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <Box
          id={listId}
          role="listbox"
          aria-label={label}
          position="absolute"
          top="100%"
          left="0"
          right="0"
          zIndex="dropdown"
          mt="1"
          bg="white"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          maxH="64"
          overflowY="auto"
        >
          {loading && options.length === 0 ? (
            <Box p="3" display="flex" gap="2" alignItems="center">
              <Spinner size="sm" />
              <Text fontSize="sm">{t('common.searching')}</Text>
            </Box>
          ) : options.length === 0 ? (
            <Text p="3" fontSize="sm" color="gray.600">
              {emptyText}
            </Text>
          ) : (
            options.map((o, i) => (
              <Box
                key={o.key}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                aria-label={o.label}
                px="3"
                py="2"
                cursor="pointer"
                bg={i === active ? 'gray.100' : undefined}
                _hover={{ bg: 'gray.100' }}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(o)}
              >
                <Text fontSize="sm">{o.label}</Text>
                {o.description && (
                  <Text fontSize="xs" color="gray.600">
                    {o.description}
                  </Text>
                )}
              </Box>
            ))
          )}
        </Box>
      )}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
