/**
 * 'Новый API-токен' (issue 12): name (1–100 characters) and an optional expiry date (at most 365 days ahead), checked
 * with the rules of @platform/domain/integrations/apiTokens before sending; the server's refusals are placed on the
 * fields. On success the dialog shows the token ONCE with a copy button and the warning that it will not be shown
 * again; 'Готово' closes it and the list reloads.
 */
import { Button, CloseButton, Code, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkApiTokenExpiry, checkApiTokenName } from '@platform/domain/integrations/apiTokens';
import { FormErrorAlert } from '../FormErrorAlert';
import { FormField } from '../FormField';
import { userErrorOf } from '../../system/errors/userError';
import { userErrorText } from '../../system/errors/resultMessage';
import { useCreateApiTokenMutation } from './apiTokenMutations';

interface Values {
  name: string;
  /** YYYY-MM-DD or ''. */
  expires: string;
}
const EMPTY: Values = { name: '', expires: '' };

/** The end of the chosen local day, as the token's expiry instant; null without a date. */
export function expiryOf(date: string): Date | null {
  if (!date) return null;
  const d = new Date(`${date}T23:59:59`);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function CreateApiTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const [commit, busy] = useCreateApiTokenMutation();
  const form = useForm<Values>({ defaultValues: EMPTY, mode: 'onTouched' });
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const close = () => {
    form.reset(EMPTY);
    setError(null);
    setToken(null);
    setCopied(false);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const expiresAt = expiryOf(values.expires);
    let result;
    try {
      result = await commit(
        { input: { name: values.name, expiresAt: expiresAt ? expiresAt.toISOString() : null } },
        { silent: true },
      );
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const r = result.createApiToken;
    const refusal = userErrorOf(r);
    if (refusal) {
      let placed = false;
      for (const fe of refusal.fieldErrors) {
        const field = fe.field === 'name' ? 'name' : fe.field === 'expiresAt' ? 'expires' : null;
        if (field) {
          form.setError(field, { message: fe.message });
          placed = true;
        }
      }
      if (!placed) setError(userErrorText(refusal));
      return;
    }
    if (r.__typename !== 'CreateApiTokenSuccess') return;
    setToken(r.token);
    onCreated();
  });

  const copy = async () => {
    if (!token) return;
    await navigator.clipboard?.writeText(token).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Dialog.Root
      size={{ base: 'full', md: 'md' }}
      open={open}
      onOpenChange={(d) => !d.open && !busy && close()}
      closeOnInteractOutside={!busy && !token}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="create-api-token-dialog">
            {token ? (
              <>
                <Dialog.Header>
                  <Dialog.Title>{t('apiTokens.createdTitle')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Text fontWeight="medium" color="orange.700" role="alert">
                      {t('apiTokens.shownOnce')}
                    </Text>
                    <Code
                      data-testid="api-token-value"
                      aria-label={t('apiTokens.tokenLabel')}
                      p="3"
                      wordBreak="break-all"
                      whiteSpace="pre-wrap"
                    >
                      {token}
                    </Code>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <HStack gap="3">
                    <Button variant="outline" onClick={() => void copy()}>
                      {copied ? t('apiTokens.copied') : t('apiTokens.copy')}
                    </Button>
                    <Button onClick={close}>{t('apiTokens.done')}</Button>
                  </HStack>
                </Dialog.Footer>
              </>
            ) : (
              <form onSubmit={onSubmit} noValidate aria-label={t('apiTokens.createTitle')}>
                <Dialog.Header>
                  <Dialog.Title>{t('apiTokens.createTitle')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <FormField
                      label={t('apiTokens.nameLabel')}
                      error={form.formState.errors.name?.message}
                      helperText={t('apiTokens.nameHint')}
                      required
                    >
                      <Input
                        {...form.register('name', {
                          validate: (v) => {
                            const r = checkApiTokenName(v);
                            return 'error' in r ? r.error.message : true;
                          },
                        })}
                      />
                    </FormField>
                    <FormField
                      label={t('apiTokens.expiryLabel')}
                      error={form.formState.errors.expires?.message}
                      helperText={t('apiTokens.expiryHint')}
                    >
                      <Input
                        type="date"
                        {...form.register('expires', {
                          validate: (v) => checkApiTokenExpiry(expiryOf(v), new Date())?.message ?? true,
                        })}
                      />
                    </FormField>
                    <FormErrorAlert message={error} />
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <HStack gap="3">
                    <Button variant="outline" onClick={close} disabled={busy}>
                      {t('apiTokens.cancel')}
                    </Button>
                    <Button type="submit" loading={busy}>
                      {t('apiTokens.create')}
                    </Button>
                  </HStack>
                </Dialog.Footer>
              </form>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
