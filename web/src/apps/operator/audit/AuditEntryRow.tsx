/**
 * One entry of the audit log (issue 10): time DD.MM.YYYY HH:mm, the operator, the action, the record (name and type),
 * the comment, and an expandable 'Изменения' table of the changed fields (field, было, стало).
 */
import { AUDIT_ENTITY_TYPE_LABELS, isAuditEntityType } from '@platform/domain/operator/audit';
import { Box, Button, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { AuditEntryRow_entry$key } from '../../../__generated__/AuditEntryRow_entry.graphql';
import { formatDateTime } from '../../../system/formats';
import { ruAreas } from '../../../system/i18n/ruAreas';

const FIELD_LABELS: Record<string, string> = ruAreas.adminAudit.fields;

/** The Russian name of a recorded field, or the field itself. */
export function auditFieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

export function AuditEntryRow({ entry: key }: { entry: AuditEntryRow_entry$key }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const changesId = useId();
  const e = useFragment(
    graphql`
      fragment AuditEntryRow_entry on AuditEntry {
        entryId
        occurredAt
        action
        actionLabel
        entityType
        entityId
        entityName
        comment
        actor {
          userId
          name
          surname
          patronymic
        }
        changes {
          field
          before
          after
        }
      }
    `,
    key,
  );
  const type = e.entityType && isAuditEntityType(e.entityType) ? AUDIT_ENTITY_TYPE_LABELS[e.entityType] : e.entityType;
  const actor = [e.actor.surname, e.actor.name, e.actor.patronymic].filter(Boolean).join(' ');
  const none = t('adminAudit.noValue');
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      bg="white"
      data-testid="audit-entry"
      data-action={e.action}
      aria-label={`${e.actionLabel}: ${e.entityName ?? e.entityId}`}
    >
      <Stack gap="2">
        <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '1', md: '6' }} justify="space-between">
          <Stack gap="1">
            <Text fontWeight="semibold" data-testid="audit-action">
              {e.actionLabel}
            </Text>
            <Text fontSize="sm" data-testid="audit-record">
              {e.entityName ?? `№ ${e.entityId}`}
              {type && (
                <Text as="span" color="fg.muted">
                  {' · '}
                  {type}
                </Text>
              )}
            </Text>
          </Stack>
          <Stack gap="1" textAlign={{ base: 'left', md: 'right' }}>
            <Text fontSize="sm" data-testid="audit-time">
              <time dateTime={e.occurredAt}>{formatDateTime(e.occurredAt)}</time>
            </Text>
            <Text fontSize="sm" color="fg.muted" data-testid="audit-actor">
              {actor}
            </Text>
          </Stack>
        </Stack>
        {e.comment && (
          <Text fontSize="sm" data-testid="audit-comment">
            <Text as="span" color="fg.muted">
              {t('adminAudit.comment')}:{' '}
            </Text>
            {e.comment}
          </Text>
        )}
        {e.changes.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('adminAudit.noChanges')}
          </Text>
        ) : (
          <Box>
            <Button
              size="xs"
              variant="outline"
              aria-expanded={open}
              aria-controls={changesId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? t('adminAudit.hideChanges') : t('adminAudit.changesCount', { count: e.changes.length })}
            </Button>
            {open && (
              <Table.Root id={changesId} size="sm" mt="3" aria-label={t('adminAudit.changes')} variant="outline">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('adminAudit.field')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('adminAudit.before')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('adminAudit.after')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {e.changes.map((c) => (
                    <Table.Row key={c.field} data-testid="audit-change" data-field={c.field}>
                      <Table.Cell>{auditFieldLabel(c.field)}</Table.Cell>
                      <Table.Cell wordBreak="break-word">{c.before ?? none}</Table.Cell>
                      <Table.Cell wordBreak="break-word">{c.after ?? none}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Box>
        )}
      </Stack>
    </Box>
  );
}
