/**
 * One signature of a document (spec core §3 Documents "signature details"; §8 Signature): the signer, the
 * date-time (DD.MM.YYYY HH:mm), until when the certificate is valid and the document hash; a confirmation
 * without a qualified signature says so. Rendered as a description list named by `title`.
 */
import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { SignatureDetails_signature$key } from '../../../__generated__/SignatureDetails_signature.graphql';
import { formatDate, formatDateTime } from '../../../system/formats';

export function SignatureDetails({
  title,
  signature: key,
}: {
  title: string;
  signature: SignatureDetails_signature$key | null | undefined;
}) {
  const { t } = useTranslation();
  const s = useFragment(
    graphql`
      fragment SignatureDetails_signature on Signature {
        signer
        signedAt
        certificateValidUntil
        documentHash
        qualified
        signatureUrl
      }
    `,
    key ?? null,
  );
  const rows: Array<[string, string]> = s
    ? (
        [
          [t('documents.signer'), s.signer ?? ''],
          [t('documents.signedAt'), formatDateTime(s.signedAt)],
          [t('documents.validUntil'), s.qualified ? formatDate(s.certificateValidUntil) : ''],
          [t('documents.hash'), s.documentHash ?? ''],
        ] as Array<[string, string]>
      ).filter(([, v]) => v)
    : [];
  return (
    <Stack
      gap="1"
      flex="1"
      minW="0"
      data-testid="signature-details"
      data-qualified={s ? String(s.qualified) : undefined}
    >
      <Text fontSize="sm" fontWeight="medium">
        {title}
      </Text>
      {!s && (
        <Text fontSize="sm" color="gray.600">
          {t('documents.noSignature')}
        </Text>
      )}
      {s && (
        <Text fontSize="sm" color={s.qualified ? 'green.700' : 'gray.600'}>
          {s.qualified ? t('documents.qualified') : t('documents.confirmed')}
        </Text>
      )}
      {rows.length > 0 && (
        <Box
          as="dl"
          aria-label={title}
          fontSize="sm"
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: '13rem 1fr' }}
          columnGap="3"
          rowGap="1"
        >
          {rows.map(([k, v]) => (
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
      )}
      {s?.signatureUrl && (
        <Link href={s.signatureUrl} download variant="underline" colorPalette="blue" fontSize="sm">
          {t('documents.signatureFile')}
        </Link>
      )}
    </Stack>
  );
}
