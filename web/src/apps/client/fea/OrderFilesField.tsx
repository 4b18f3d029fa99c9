/**
 * Files of a request (invoice, contract): each chosen file is checked against the others (repeated name →
 * 'Файл с именем {name} уже загружен'; total over 50 MB → 'Превышен размер файла', spec core §5) and then
 * uploaded through the gateway proxy; the form keeps the uploaded files' ids.
 */
import { useTranslation } from 'react-i18next';
import { Button, Field, HStack, Input, List, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { type UploadedFile, uploadOrderFile } from '../../../system/files';
import { FieldErrorList } from '../../../components/FieldErrorList';
import { formatFileSize } from '../../../system/formats';
import { acceptFiles } from '../../../system/validation';

export interface OrderFilesFieldProps {
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  error?: string;
  onUploadingChange?: (uploading: boolean) => void;
}

export function OrderFilesField({ value, onChange, error, onUploadingChange }: OrderFilesFieldProps) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const current = useRef(value);
  current.current = value;

  const onFiles = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    const { accepted, errors: refused } = acceptFiles(files, current.current);
    setErrors(refused);
    if (accepted.length === 0) return;
    setUploading(true);
    onUploadingChange?.(true);
    try {
      for (const file of accepted) {
        try {
          const uploaded = await uploadOrderFile(file);
          const next = [...current.current, uploaded];
          current.current = next;
          onChange(next);
        } catch (e) {
          setErrors((prev) => [...prev, `${file.name}: ${(e as Error).message}`]);
        }
      }
    } finally {
      setUploading(false);
      onUploadingChange?.(false);
    }
  };

  const shown = [...errors, ...(error ? [error] : [])];
  return (
    <Field.Root invalid={shown.length > 0}>
      <Field.Label>{t('orders.files.label')}</Field.Label>
      <Input
        ref={inputRef}
        type="file"
        multiple
        p="1"
        onChange={(e) => void onFiles(e.target.files)}
        disabled={uploading}
      />
      <Field.HelperText>{t('orders.files.hint')}</Field.HelperText>
      {uploading && (
        <Text fontSize="sm" color="gray.600" role="status">
          {t('orders.files.uploading')}
        </Text>
      )}
      {value.length > 0 && (
        <List.Root variant="plain" gap="1" aria-label={t('orders.files.uploaded')} w="full">
          {value.map((f) => (
            <List.Item key={f.id}>
              <HStack justify="space-between" w="full">
                <Text fontSize="sm">
                  {f.name}{' '}
                  <Text as="span" color="gray.500">
                    ({formatFileSize(f.size)})
                  </Text>
                </Text>
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={t('orders.files.removeFile', { name: f.name })}
                  onClick={() => onChange(value.filter((x) => x.id !== f.id))}
                >
                  {t('orders.files.remove')}
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
      <FieldErrorList messages={shown} />
    </Field.Root>
  );
}
