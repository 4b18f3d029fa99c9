/**
 * Verification of the client's company (issue 8; spec core §1 "get verified", §6 VERIFIED_CLIENT, §7 Client
 * verification; chat-and-shell §4 "Signing flow"): the steps still missing from `Viewer.verification` (add bank
 * requisites → the requisites tab; sign the application for joining the platform), the application to open or
 * download, and 'Подписать заявление', which opens the SignatureModal. The signature is made over the exact bytes of
 * `VerificationDocument.content` (fetched only now) and sent with signVerificationDocument; the answer carries the
 * verified viewer, so this panel, the banner on /client/fea and 'Создать заявку' change without a reload. The
 * server's refusals (UserError.message, spec core §8) are shown in the modal; after DOCUMENT_SUPERSEDED or
 * ALREADY_VERIFIED the panel reloads the verification state.
 */
import { Alert, Badge, Box, Button, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { VerificationPanel_viewer$key } from '../../../__generated__/VerificationPanel_viewer.graphql';
import type { VerificationPanelContentQuery } from '../../../__generated__/VerificationPanelContentQuery.graphql';
import type { VerificationPanelRefreshQuery } from '../../../__generated__/VerificationPanelRefreshQuery.graphql';
import { SignatureModal, type Signer } from '../../../components/signing/SignatureModal';
import { formatDateTime, formatFileSize } from '../../../system/formats';
import { base64ToBytes } from '../../../system/signing/bytes';
import { showSuccess } from '../../../system/toaster';
import { useSignVerificationDocumentMutation } from './mutations/useSignVerificationDocumentMutation';
import { isStaleCode, userErrorText } from '../../../system/errors/resultMessage';
import { readUserError } from '../../../system/errors/userError';

/** Where the bank requisites are edited (the 'Моя компания' tab). */
export const REQUISITES_TAB_PATH = '/client/company?tab=requisites';

const contentQuery = graphql`
  query VerificationPanelContentQuery($id: ID!) {
    node(id: $id) {
      ... on VerificationDocument {
        id
        content
      }
    }
  }
`;

const refreshQuery = graphql`
  query VerificationPanelRefreshQuery {
    viewer {
      id
      canCreateOrders
      ...VerificationPanel_viewer
      ...UnverifiedBanner_viewer
    }
  }
`;

export function VerificationPanel({ viewer: viewerKey }: { viewer: VerificationPanel_viewer$key }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const viewer = useFragment(
    graphql`
      fragment VerificationPanel_viewer on Viewer {
        id
        isOriginalClient
        verification {
          verified
          status
          verifiedAt
          missing
          document {
            id
            name
            status
            size
            created
            downloadUrl
            signature {
              signer
              signedAt
            }
          }
        }
      }
    `,
    viewerKey,
  );
  const [signVerification] = useSignVerificationDocumentMutation();
  const [open, setOpen] = useState(false);
  const v = viewer.verification;
  if (!v) return null;
  const doc = v.document;

  const onSign = async (signer: Signer): Promise<string | null> => {
    if (!doc) return t('verification.contentMissing');
    const data = await fetchQuery<VerificationPanelContentQuery>(
      environment,
      contentQuery,
      { id: doc.id },
      { fetchPolicy: 'network-only' },
    ).toPromise();
    const content = data?.node?.content;
    if (!content) return t('verification.contentMissing');
    const signature = await signer.sign(base64ToBytes(content));
    const r = await signVerification({ input: { documentId: doc.id, signature } });
    const result = r.signVerificationDocument;
    if (result.__typename === 'UserError') {
      const userError = readUserError(result.userError);
      // The application was replaced (company data changed) or the company is verified already: show the current
      // state. The refusal is shown once the panel has it, so signing again signs the new application.
      if (isStaleCode(userError.code))
        await fetchQuery<VerificationPanelRefreshQuery>(environment, refreshQuery, {}, { fetchPolicy: 'network-only' })
          .toPromise()
          .catch(() => undefined);
      return userErrorText(userError);
    }
    if (result.__typename !== 'SignVerificationDocumentSuccess') return t('common.genericError');
    showSuccess(t('verification.success'));
    return null;
  };

  if (v.verified) {
    return (
      <Alert.Root status="success" data-testid="verification-panel" data-verified="true">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('verification.verified')}</Alert.Title>
          <Alert.Description>
            {v.verifiedAt ? `${t('verification.verifiedAt', { date: formatDateTime(v.verifiedAt) })}. ` : ''}
            {t('verification.verifiedText')}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  if (v.status === 'SUSPENDED') {
    return (
      <Alert.Root status="error" data-testid="verification-panel">
        <Alert.Indicator />
        <Alert.Title>{t('verification.suspended')}</Alert.Title>
      </Alert.Root>
    );
  }

  const needsRequisites = v.missing.includes('ADD_BANK_REQUISITES');
  const needsSignature = v.missing.includes('SIGN_VERIFICATION_DOCUMENT');
  return (
    <Box
      as="section"
      aria-labelledby="verification-title"
      borderWidth="1px"
      borderRadius="lg"
      p="5"
      bg="white"
      data-testid="verification-panel"
      data-verified="false"
    >
      <Stack gap="4">
        <Heading as="h2" size="lg" id="verification-title">
          {t('verification.title')}
        </Heading>
        <Text color="gray.700">{t('verification.intro')}</Text>
        <Stack as="ol" gap="3" aria-label={t('verification.steps')} listStyleType="none">
          <Box as="li" data-testid="verification-step" data-step="ADD_BANK_REQUISITES" data-done={!needsRequisites}>
            <HStack gap="3" wrap="wrap">
              <Text fontWeight="medium">1. {t('verification.stepRequisites')}</Text>
              <Badge colorPalette={needsRequisites ? 'orange' : 'green'}>
                {needsRequisites ? t('verification.todo') : t('verification.done')}
              </Badge>
            </HStack>
            {needsRequisites && (
              <Link asChild variant="underline" colorPalette="blue" mt="1">
                <RouterLink to={REQUISITES_TAB_PATH}>{t('verification.stepRequisitesLink')}</RouterLink>
              </Link>
            )}
          </Box>
          <Box
            as="li"
            data-testid="verification-step"
            data-step="SIGN_VERIFICATION_DOCUMENT"
            data-done={!needsSignature}
          >
            <HStack gap="3" wrap="wrap">
              <Text fontWeight="medium">2. {t('verification.stepSign')}</Text>
              <Badge colorPalette={needsSignature ? 'orange' : 'green'}>
                {needsSignature ? t('verification.todo') : t('verification.done')}
              </Badge>
            </HStack>
            {doc && (
              <Stack gap="2" mt="2">
                <Text fontSize="sm" color="gray.600">
                  <Link
                    href={doc.downloadUrl}
                    target="_blank"
                    rel="noopener"
                    variant="underline"
                    colorPalette="blue"
                    aria-label={t('verification.documentLink', { name: doc.name })}
                  >
                    {doc.name}
                  </Link>{' '}
                  · {formatFileSize(doc.size)} · {formatDateTime(doc.created)}
                </Text>
                {/* Only the client himself signs (issue 11: hidden in a referral partner's re-login). */}
                {needsSignature && viewer.isOriginalClient && (
                  <Button alignSelf="flex-start" onClick={() => setOpen(true)} disabled={needsRequisites}>
                    {t('verification.sign')}
                  </Button>
                )}
              </Stack>
            )}
          </Box>
        </Stack>
      </Stack>
      {doc && (
        <SignatureModal open={open} onOpenChange={setOpen} title={t('verification.signTitle')} onSign={onSign}>
          <Text>
            {t('verification.signWhat', { name: doc.name })}{' '}
            <Link href={doc.downloadUrl} target="_blank" rel="noopener" variant="underline" colorPalette="blue">
              {t('verification.documentLink', { name: doc.name })}
            </Link>
          </Text>
        </SignatureModal>
      )}
    </Box>
  );
}
