/**
 * The upload form of a referral partner's documents and acts (issue 10 for the operator, issue 11 for the partner;
 * spec core §3 "documents/acts (type ACT or DOCUMENT, name, number, description, file …)", §5 "partner documents at
 * most 50 MB each", §8 'Превышен размер файла'): name, number, description and the file — and the type where the
 * uploader chooses it (the operator; the partner always uploads a DOCUMENT) — posted through the gateway's file proxy
 * as multipart (the fields first, then the file). A refusal is shown above the form; a success clears it and calls
 * `onUploaded`. Used by the operator's partner card (ReferralPartnerDocuments) and the partner's 'Документы и акты'.
 */
import { Button, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { MAX_FILE_BYTES } from '@platform/domain/limits';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { xsrfHeaders } from '../../system/cookies';
import { showSuccess } from '../../system/toaster';
import { MESSAGES, validateRequired } from '../../system/validation';
import { FormErrorAlert } from '../FormErrorAlert';
import { FormField } from '../FormField';

/** The i18n block of the texts: the operator's partner card or the partner's own page (same keys). */
export type PartnerDocumentTexts = 'adminPartners.documents' | 'agentDocuments';

export type PartnerDocumentType = 'ACT' | 'DOCUMENT';

interface UploadValues {
  type: PartnerDocumentType;
  name: string;
  number: string;
  description: string;
  file: FileList | null;
}

/** Checks the chosen file: present and at most 50 MB (spec core §5, §8 'Превышен размер файла'). */
export function validateDocumentFile(files: FileList | File[] | null | undefined, requiredText: string): true | string {
  const file = files?.[0];
  if (!file) return requiredText;
  return file.size > MAX_FILE_BYTES ? MESSAGES.fileTooLarge : true;
}

/** Posts a document through the file proxy; resolves null on success, else the server's Russian text. */
export async function uploadPartnerDocument(url: string, values: Omit<UploadValues, 'file'>, file: File) {
  const body = new FormData();
  body.append('type', values.type);
  body.append('name', values.name.trim());
  if (values.number.trim()) body.append('number', values.number.trim());
  if (values.description.trim()) body.append('description', values.description.trim());
  body.append('file', file, file.name);
  try {
    const res = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: xsrfHeaders(), body });
    if (res.ok) return null;
    const json = (await res.json().catch(() => null)) as { message?: string } | null;
    return json?.message || MESSAGES.generic;
  } catch {
    return MESSAGES.generic;
  }
}

export function PartnerDocumentUploadForm({
  uploadUrl,
  onUploaded,
  texts,
  fixedType,
  title,
}: {
  uploadUrl: string;
  onUploaded: () => void;
  texts: PartnerDocumentTexts;
  /** The type of every upload (no type select); the uploader chooses it when omitted. */
  fixedType?: PartnerDocumentType;
  /** A heading above the fields. */
  title?: string;
}) {
  const { t } = useTranslation();
  const form = useForm<UploadValues>({
    mode: 'onTouched',
    defaultValues: { type: fixedType ?? 'ACT', name: '', number: '', description: '', file: null },
  });
  const errors = form.formState.errors;
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const fileField = form.register('file', {
    validate: (v) => validateDocumentFile(v, t(`${texts}.fileRequired`)),
  });

  const upload = form.handleSubmit(async (values) => {
    setUploadError(null);
    const file = values.file?.[0];
    if (!file) return;
    const refusal = await uploadPartnerDocument(uploadUrl, { ...values, type: fixedType ?? values.type }, file);
    if (refusal) {
      setUploadError(refusal);
      return;
    }
    showSuccess(t(`${texts}.uploaded`));
    form.reset();
    if (fileInput.current) fileInput.current.value = '';
    onUploaded();
  });

  return (
    <form onSubmit={upload} noValidate aria-label={t(`${texts}.upload`)}>
      <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" bg="white">
        {title && (
          <Heading as="h2" size="md">
            {title}
          </Heading>
        )}
        <FormErrorAlert message={uploadError} />
        <SimpleGrid columns={{ base: 1, md: fixedType ? 2 : 3 }} gap="4">
          {!fixedType && (
            <FormField label={t(`${texts}.type`)}>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('type')}>
                  <option value="ACT">{t(`${texts}.types.ACT`)}</option>
                  <option value="DOCUMENT">{t(`${texts}.types.DOCUMENT`)}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
          <FormField label={t(`${texts}.name`)} error={errors.name?.message} required>
            <Input {...form.register('name', { validate: validateRequired })} />
          </FormField>
          <FormField label={t(`${texts}.number`)}>
            <Input {...form.register('number')} />
          </FormField>
        </SimpleGrid>
        <FormField label={t(`${texts}.description`)}>
          <Input {...form.register('description')} />
        </FormField>
        <FormField label={t(`${texts}.file`)} error={errors.file?.message} required>
          <Input
            type="file"
            p="1"
            {...fileField}
            ref={(el) => {
              fileField.ref(el);
              fileInput.current = el;
            }}
          />
        </FormField>
        <HStack justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t(`${texts}.upload`)}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
