/**
 * Add or edit one bank requisite (issue 8; spec core §3 "Bank requisite"; docs/rest-api.md requisites). The BIK picker
 * looks the bank up (Query.bankByBik) and fills the read-only bank name and correspondent account; the settlement
 * account is checked for 20 digits here and for the Bank of Russia control key by the server, whose field errors
 * (BIK_NOT_FOUND, ACCOUNT_CONTROL_KEY, …) appear next to the fields; REQUISITE_DUPLICATE / REQUISITES_LIMIT above them.
 */
import { Button, CloseButton, Dialog, Input, Portal, Stack } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { BikPicker, type PickedBank } from './BikPicker';
import { validateAccount, validateBik } from './companyForm';
import { useCreateBankRequisiteMutation } from './mutations/useCreateBankRequisiteMutation';
import { useUpdateBankRequisiteMutation } from './mutations/useUpdateBankRequisiteMutation';
import { fieldIn, placeFieldErrors } from '../../../system/errors/resultMessage';
import { readUserError } from '../../../system/errors/userError';
import { ACCOUNT_MASK, MaskedInput } from '../../../system/masks';

export interface EditedRequisite {
  id: string;
  index: number;
  bankBik: string;
  bankName: string;
  checkAccount: string;
  corrAccount: string;
}

type Values = { bankBik: string; checkAccount: string };
const FIELDS = ['bankBik', 'checkAccount'] as const;

export function BankRequisiteDialog({
  requisite,
  onClose,
  onSaved,
}: {
  requisite: EditedRequisite | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [create, creating] = useCreateBankRequisiteMutation();
  const [update, updating] = useUpdateBankRequisiteMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [bank, setBank] = useState<PickedBank | null>(
    requisite ? { bankBik: requisite.bankBik, bankName: requisite.bankName, corrAccount: requisite.corrAccount } : null,
  );
  const onBank = useCallback((b: PickedBank | null) => setBank(b), []);
  const form = useForm<Values>({
    defaultValues: { bankBik: requisite?.bankBik ?? '', checkAccount: requisite?.checkAccount ?? '' },
    mode: 'onTouched',
  });
  const e = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const input = { bankBik: values.bankBik.trim(), checkAccount: values.checkAccount.replace(/\s/g, '') };
    const r = requisite
      ? (await update({ input: { bankRequisiteId: requisite.id, ...input } })).updateBankRequisite
      : (await create({ input })).createBankRequisite;
    if (r.__typename === 'CreateBankRequisiteSuccess' || r.__typename === 'UpdateBankRequisiteSuccess') onSaved();
    else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      const { byField, formMessage } = placeFieldErrors(userError, fieldIn(FIELDS));

      for (const [field, message] of Object.entries(byField))
        form.setError(field as keyof Values, { message: message as string });
      setFormError(formMessage);
    }
  });

  const title = requisite ? t('company.editRequisite') : t('company.addRequisite');
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
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate aria-label={title}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormErrorAlert message={formError} />
                  <Controller
                    control={form.control}
                    name="bankBik"
                    rules={{ validate: validateBik }}
                    render={({ field }) => (
                      <BikPicker
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        onBank={onBank}
                        error={e.bankBik?.message}
                      />
                    )}
                  />
                  <FormField label={t('company.bankName')}>
                    <Input name="bankName" value={bank?.bankName ?? ''} readOnly variant="subtle" />
                  </FormField>
                  <FormField label={t('company.corrAccount')}>
                    <Input name="corrAccount" value={bank?.corrAccount ?? ''} readOnly variant="subtle" />
                  </FormField>
                  <FormField label={t('company.checkAccount')} error={e.checkAccount?.message} required>
                    <MaskedInput
                      mask={ACCOUNT_MASK}
                      inputMode="numeric"
                      placeholder={t('company.accountPlaceholder')}
                      {...form.register('checkAccount', { validate: validateAccount })}
                    />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={creating || updating}>
                  {t('company.save')}
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
