/** Deal documents (spec core §3 Documents) with their status, signatures and a download link named by the file. */
import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { DocumentList_documents$key } from '../../__generated__/DocumentList_documents.graphql';
import { formatDateTime, formatFileSize } from '../../system/formats';
import { DOCUMENT_STATUS_LABEL } from './labels';
import { StatusBadge } from './StatusBadge';

export function DocumentList({
  documents,
  label,
  emptyText = 'Документов пока нет',
}: {
  documents: DocumentList_documents$key;
  label: string;
  emptyText?: string;
}) {
  const docs = useFragment(
    graphql`
      fragment DocumentList_documents on Document @relay(plural: true) {
        id
        name
        status
        size
        created
        downloadUrl
        clientSignature {
          signer
          signedAt
        }
        agentSignature {
          signer
          signedAt
        }
      }
    `,
    documents,
  );
  if (docs.length === 0) {
    return (
      <Text color="gray.600" role="status">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="3" aria-label={label} listStyleType="none">
      {docs.map((d) => (
        <li key={d.id} data-testid="deal-document">
          <Stack gap="1" borderWidth="1px" borderRadius="md" p="3" bg="white">
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Link href={d.downloadUrl} download={d.name} colorPalette="blue" variant="underline" fontWeight="medium">
                {d.name}
              </Link>
              <StatusBadge
                code={d.status === 'CONFIRMED' ? 'EXECUTED' : d.status}
                label={DOCUMENT_STATUS_LABEL[d.status] ?? d.status}
              />
            </HStack>
            <Text fontSize="sm" color="gray.600">
              {formatFileSize(d.size)} · загружен {formatDateTime(d.created)}
            </Text>
            {d.agentSignature?.signedAt && (
              <Text fontSize="sm" color="gray.600">
                Агент: {d.agentSignature.signer ?? 'подтверждено'}, {formatDateTime(d.agentSignature.signedAt)}
              </Text>
            )}
            {d.clientSignature?.signedAt && (
              <Text fontSize="sm" color="gray.600">
                Клиент: {d.clientSignature.signer ?? 'подтверждено'}, {formatDateTime(d.clientSignature.signedAt)}
              </Text>
            )}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
