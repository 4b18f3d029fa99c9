/**
 * 'Рекомендовать клиента' (issue 11; spec core §2 Shared "recommend-a-client form", §7 Client): a client recommends a
 * company — its name, INN when known, the contact person, phone (10 digits), e-mail and a comment. The fields are
 * checked with the server's rules before sending (@platform/domain/operator/inbox); the server's field errors appear
 * next to the fields, other refusals (the daily limit) above them. On success the dialog thanks the client
 * ('Спасибо! Мы свяжемся с компанией') and closes.
 */
import { Button, CloseButton, Dialog, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { fieldIn, placeFieldErrors } from '../../../system/errors/resultMessage';
import { readUserError } from '../../../system/errors/userError';
import { showSuccess } from '../../../system/toaster';
import {
  EMPTY_RECOMMENDATION,
  RECOMMEND_FIELDS,
  RECOMMENDATION_LIMITS,
  toRecommendInput,
  validateRecommendField,
  type RecommendValues,
} from './recommendForm';
import { useRecommendClientMutation } from './useRecommendClientMutation';

/** The button that opens the dialog (placed in the client area). */
export function RecommendClientButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t('recommend.open')}
      </Button>
      {open && <RecommendClientDialog onClose={() => setOpen(false)} />}
    </>
  );
}

export function RecommendClientDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [recommend, sending] = useRecommendClientMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RecommendValues>({ defaultValues: EMPTY_RECOMMENDATION, mode: 'onTouched' });
  const e = form.formState.errors;
  const reg = (name: keyof RecommendValues) => form.register(name, { validate: validateRecommendField(name) });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const r = (await recommend({ input: toRecommendInput(values) })).recommendClient;
    if (r.__typename === 'RecommendClientSuccess') {
      showSuccess(t('recommend.success'));
      onClose();
    } else if (r.__typename === 'UserError') {
      const { byField, formMessage } = placeFieldErrors(readUserError(r.userError), fieldIn(RECOMMEND_FIELDS));
      for (const [field, message] of Object.entries(byField))
        form.setError(field as keyof RecommendValues, { message: message as string });
      setFormError(formMessage);
    }
  });

  const title = t('recommend.title');
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && onClose()}
      closeOnInteractOutside={false}
      size={{ base: 'full', md: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="recommend-client-dialog">
            <form onSubmit={onSubmit} noValidate aria-label={title}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted" fontSize="sm">
                    {t('recommend.intro')}
                  </Text>
                  <FormErrorAlert message={formError} />
                  <FormField label={t('recommend.companyName')} error={e.companyName?.message} required>
                    <Input maxLength={RECOMMENDATION_LIMITS.companyName + 1} {...reg('companyName')} />
                  </FormField>
                  <FormField label={t('recommend.inn')} error={e.inn?.message}>
                    <Input
                      inputMode="numeric"
                      maxLength={12}
                      placeholder={t('recommend.innPlaceholder')}
                      {...reg('inn')}
                    />
                  </FormField>
                  <FormField label={t('recommend.contactName')} error={e.contactName?.message} required>
                    <Input maxLength={RECOMMENDATION_LIMITS.contactName + 1} {...reg('contactName')} />
                  </FormField>
                  <FormField label={t('recommend.phone')} error={e.phone?.message} required>
                    <Input
                      type="tel"
                      inputMode="numeric"
                      maxLength={10}
                      placeholder={t('recommend.phonePlaceholder')}
                      {...reg('phone')}
                    />
                  </FormField>
                  <FormField label={t('recommend.email')} error={e.email?.message}>
                    <Input type="email" maxLength={RECOMMENDATION_LIMITS.email} {...reg('email')} />
                  </FormField>
                  <FormField label={t('recommend.comment')} error={e.comment?.message}>
                    <Textarea rows={3} maxLength={RECOMMENDATION_LIMITS.comment + 1} {...reg('comment')} />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={sending}>
                  {t('recommend.submit')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
