/**
 * Upload of a document for the operator by the referral partner (issue 11; spec core §3, §5 "partner documents at most
 * 50 MB each", §8 'Превышен размер файла'): name, number, description and the file, posted through the gateway's file
 * proxy as multipart (the fields first, then the file; the operator's upload helper of issue 10), type DOCUMENT.
 */
import { Button, HStack, Input, SimpleGrid, Stack, Heading } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { showSuccess } from '../../../system/toaster';
import { validateRequired } from '../../../system/validation';
import { uploadPartnerDocument, validateDocumentFile } from '../../operator/partners/ReferralPartnerDocuments';

interface Values {
  name: string;
  number: string;
  description: string;
  file: FileList | null;
}

export function AgentDocumentUpload({ uploadUrl, onUploaded }: { uploadUrl: string; onUploaded: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { name: '', number: '', description: '', file: null },
  });
  const errors = form.formState.errors;
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const fileField = form.register('file', {
    validate: (v) => validateDocumentFile(v, t('agentDocuments.fileRequired')),
  });

  const upload = form.handleSubmit(async (values) => {
    setUploadError(null);
    const file = values.file?.[0];
    if (!file) return;
    const refusal = await uploadPartnerDocument(uploadUrl, { ...values, type: 'DOCUMENT' }, file);
    if (refusal) {
      setUploadError(refusal);
      return;
    }
    showSuccess(t('agentDocuments.uploaded'));
    form.reset();
    if (fileInput.current) fileInput.current.value = '';
    onUploaded();
  });

  return (
    <form onSubmit={upload} noValidate aria-label={t('agentDocuments.upload')}>
      <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" bg="white">
        <Heading as="h2" size="md">
          {t('agentDocuments.uploadTitle')}
        </Heading>
        <FormErrorAlert message={uploadError} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('agentDocuments.name')} error={errors.name?.message} required>
            <Input {...form.register('name', { validate: validateRequired })} />
          </FormField>
          <FormField label={t('agentDocuments.number')}>
            <Input {...form.register('number')} />
          </FormField>
        </SimpleGrid>
        <FormField label={t('agentDocuments.description')}>
          <Input {...form.register('description')} />
        </FormField>
        <FormField label={t('agentDocuments.file')} error={errors.file?.message} required>
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
            {t('agentDocuments.upload')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
