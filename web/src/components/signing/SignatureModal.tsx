/**
 * The signature selection modal (spec core §2 Shared "signature selection modal"; chat-and-shell §4 "Signing
 * flow": the user picks one certificate from those not yet expired and the document is signed, basic CAdES
 * detached; §5 'Не выбран сертификат'; §8 plug-in messages with the prompt to install the browser extension;
 * §9 20 s load time-out). It loads the plug-in when opened, lists the certificates with the subject and issuer
 * fields of §3 and their validity, and on 'Подписать' hands the caller a signer bound to the chosen certificate.
 * The caller signs its bytes (base64 of the DER CMS comes back) and sends them to the server; it answers null when
 * done (the modal closes) or the text of a refusal to show (e.g. the server's UserError.message).
 */
import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Link,
  Portal,
  RadioGroup,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { holderName, selectableCertificates, type SigningCertificate } from '../../system/signing/certificate';
import { getSignaturePlugin } from '../../system/signing/cryptoProPlugin';
import { INSTALL_PROMPT, SigningError } from '../../system/signing/pluginMessages';
import type { SignaturePlugin } from '../../system/signing/signaturePlugin';
import { formatDate } from '../../system/formats';

/** What the caller gets once a certificate is chosen. */
export interface Signer {
  certificate: SigningCertificate;
  /** Signs the exact bytes: base64 of a DER CMS SignedData, CAdES-BES, detached. Rejects with SigningError. */
  sign(bytes: Uint8Array): Promise<string>;
}

export interface SignatureModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Dialog title (its accessible name); default 'Подписание документа'. */
  title?: string;
  /** What is being signed (names, a preview / download link). */
  children?: ReactNode;
  /** Runs the signing; resolves null when done (closes the modal) or a message to show. A thrown error is shown too. */
  onSign: (signer: Signer) => Promise<string | null>;
  /** The plug-in (default: CryptoPro through `crypto-pro`). */
  plugin?: SignaturePlugin;
}

type State =
  { kind: 'loading' } | { kind: 'failed'; error: SigningError } | { kind: 'ready'; certificates: SigningCertificate[] };

export const SIGNATURE_MODAL_TEXTS = {
  title: 'Подписание документа',
  certificates: 'Сертификат для подписи',
  loading: 'Загрузка плагина…',
  none: 'Нет действующих сертификатов. Установите сертификат квалифицированной электронной подписи с закрытым ключом и повторите попытку.',
  sign: 'Подписать',
  signing: 'Подписание…',
  cancel: 'Отмена',
  retry: 'Повторить',
  close: 'Закрыть',
} as const;

export function SignatureModal({
  open,
  onOpenChange,
  title = SIGNATURE_MODAL_TEXTS.title,
  children,
  onSign,
  plugin,
}: SignatureModalProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; detail?: string; installPrompt?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    let live = true;
    const p = plugin ?? getSignaturePlugin();
    setState({ kind: 'loading' });
    setChosen(null);
    setError(null);
    (async () => {
      try {
        await p.load();
        const all = await p.listCertificates();
        if (live) setState({ kind: 'ready', certificates: selectableCertificates(all) });
      } catch (e) {
        if (live)
          setState({
            kind: 'failed',
            error:
              e instanceof SigningError
                ? e
                : new SigningError('PLUGIN_LOAD_ERROR', e instanceof Error ? e.message : undefined),
          });
      }
    })();
    return () => {
      live = false;
    };
  }, [open, plugin, attempt]);

  const submit = useCallback(async () => {
    if (state.kind !== 'ready') return;
    const certificate = state.certificates.find((c) => c.thumbprint === chosen);
    if (!certificate) {
      setError({ message: new SigningError('CERTIFICATE_NOT_CHOSEN').message });
      return;
    }
    const p = plugin ?? getSignaturePlugin();
    setError(null);
    setBusy(true);
    try {
      const refusal = await onSign({ certificate, sign: (bytes) => p.signDetached(certificate.thumbprint, bytes) });
      if (refusal) setError({ message: refusal });
      else onOpenChange(false);
    } catch (e) {
      if (e instanceof SigningError) setError({ message: e.message, detail: e.detail, installPrompt: e.installPrompt });
      else setError({ message: e instanceof Error && e.message ? e.message : 'Не удалось подписать документ' });
    } finally {
      setBusy(false);
    }
  }, [state, chosen, plugin, onSign, onOpenChange]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !busy && onOpenChange(d.open)}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="signature-modal">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {children}
                {state.kind === 'loading' && (
                  <HStack role="status" gap="3">
                    <Spinner size="sm" />
                    <Text>{SIGNATURE_MODAL_TEXTS.loading}</Text>
                  </HStack>
                )}
                {state.kind === 'failed' && (
                  <SigningAlert
                    message={state.error.message}
                    detail={state.error.detail}
                    installPrompt={state.error.installPrompt}
                  />
                )}
                {state.kind === 'ready' && state.certificates.length === 0 && (
                  <Text role="status" color="gray.700">
                    {SIGNATURE_MODAL_TEXTS.none}
                  </Text>
                )}
                {state.kind === 'ready' && state.certificates.length > 0 && (
                  <RadioGroup.Root
                    value={chosen}
                    onValueChange={(d) => {
                      setChosen(d.value);
                      setError(null);
                    }}
                    name="certificate"
                    disabled={busy}
                  >
                    <RadioGroup.Label fontWeight="medium">{SIGNATURE_MODAL_TEXTS.certificates}</RadioGroup.Label>
                    <Stack gap="3" mt="2">
                      {state.certificates.map((c) => (
                        <CertificateOption key={c.thumbprint} certificate={c} selected={c.thumbprint === chosen} />
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                )}
                {error && (
                  <SigningAlert message={error.message} detail={error.detail} installPrompt={error.installPrompt} />
                )}
                {busy && (
                  <HStack role="status" gap="3">
                    <Spinner size="sm" />
                    <Text>{SIGNATURE_MODAL_TEXTS.signing}</Text>
                  </HStack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="3">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                  {SIGNATURE_MODAL_TEXTS.cancel}
                </Button>
                {state.kind === 'failed' ? (
                  <Button onClick={() => setAttempt((n) => n + 1)}>{SIGNATURE_MODAL_TEXTS.retry}</Button>
                ) : (
                  <Button onClick={submit} loading={busy} disabled={state.kind === 'loading'}>
                    {SIGNATURE_MODAL_TEXTS.sign}
                  </Button>
                )}
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={SIGNATURE_MODAL_TEXTS.close} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A §8 message (role alert) with the plug-in's detail and, where it applies, the prompt to install the extension. */
function SigningAlert({
  message,
  detail,
  installPrompt,
}: {
  message: string;
  detail?: string;
  installPrompt?: boolean;
}) {
  return (
    <Alert.Root status="error" role="alert" data-testid="signing-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        {(detail || installPrompt) && (
          <Alert.Description>
            <Stack gap="2">
              {detail && <Text>{detail}</Text>}
              {installPrompt && (
                <Stack gap="1" data-testid="install-extension-prompt">
                  <Text>{INSTALL_PROMPT.text}</Text>
                  <Link
                    href={INSTALL_PROMPT.extensionUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="underline"
                  >
                    {INSTALL_PROMPT.extensionLabel}
                  </Link>
                  <Link href={INSTALL_PROMPT.pluginUrl} target="_blank" rel="noopener noreferrer" variant="underline">
                    {INSTALL_PROMPT.pluginLabel}
                  </Link>
                </Stack>
              )}
            </Stack>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** One certificate: the radio (named '<CN> · <holder> · до DD.MM.YYYY') and the subject, issuer and validity fields of spec chat §3. */
function CertificateOption({ certificate: c, selected }: { certificate: SigningCertificate; selected: boolean }) {
  const holder = holderName(c);
  const facts: Array<[string, string | null]> = [
    ['Владелец', holder],
    ['Должность', c.position],
    ['Организация', c.subject.companyName],
    ['ОГРН', c.registration.ogrn],
    ['ОГРНИП', c.registration.ogrnip],
    ['ИНН организации', c.registration.innLe],
    ['ИНН', c.registration.inn],
    ['СНИЛС', c.snils],
    ['Электронная почта', c.subject.email],
    [
      'Издатель',
      [c.issuer.name, c.issuer.companyName && c.issuer.companyName !== c.issuer.name ? c.issuer.companyName : null]
        .filter(Boolean)
        .join(', '),
    ],
    ['ИНН издателя', c.issuer.taxId],
    ['Действителен', `с ${formatDate(c.validFromDate)} по ${formatDate(c.validToDate)}`],
    ['Отпечаток', c.thumbprint],
  ];
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="3"
      borderColor={selected ? 'blue.500' : undefined}
      data-testid="certificate-option"
      data-thumbprint={c.thumbprint}
    >
      <RadioGroup.Item value={c.thumbprint}>
        <RadioGroup.ItemHiddenInput />
        <RadioGroup.ItemIndicator />
        <RadioGroup.ItemText fontWeight="medium">
          {c.subject.fullName} · {holder} · до {formatDate(c.validToDate)}
        </RadioGroup.ItemText>
      </RadioGroup.Item>
      <Box
        as="dl"
        mt="2"
        fontSize="sm"
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: '10rem 1fr' }}
        columnGap="3"
        rowGap="1"
      >
        {facts
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <Box key={k} display="contents">
              <Box as="dt" color="gray.600">
                {k}
              </Box>
              <Box as="dd" wordBreak="break-all">
                {v}
              </Box>
            </Box>
          ))}
      </Box>
    </Box>
  );
}
