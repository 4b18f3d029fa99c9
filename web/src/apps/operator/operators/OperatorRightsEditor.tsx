/**
 * The rights editor of an operator (issue 10; spec core §6 "operators have selectable roles with included rights"):
 * roles as checkboxes with the rights each includes, extra rights, and the effective rights (the union, the rule of
 * `@platform/domain/operator/rights`). One cannot remove his own 'Сотрудники' right: such a checkbox is disabled with
 * a hint (the server refuses it too, OWN_OPERATORS_RIGHT).
 */
import { Badge, Box, Button, Checkbox, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { OperatorRightsEditor_operator$key } from '../../../__generated__/OperatorRightsEditor_operator.graphql';
import { userErrorOf } from '../../../system/errors/userError';
import { userErrorText } from '../../../system/errors/resultMessage';
import { showSuccess } from '../../../system/toaster';
import {
  keepsOwnOperatorsRight,
  OPERATOR_RIGHTS,
  OPERATOR_ROLES,
  rightsState,
  toggled,
  type OperatorRight,
  type OperatorRole,
} from './operatorForm';
import { useSetOperatorRightsMutation } from './operatorMutations';
import { FormErrorAlert } from '../../../components/FormErrorAlert';

export interface RightCatalog {
  rights: ReadonlyArray<{ right: string; label: string; description: string }>;
  roles: ReadonlyArray<{ role: string; label: string; rights: ReadonlyArray<string> }>;
}

export function OperatorRightsEditor({
  operator: key,
  catalog,
}: {
  operator: OperatorRightsEditor_operator$key;
  catalog: RightCatalog;
}) {
  const o = useFragment(
    graphql`
      fragment OperatorRightsEditor_operator on Operator {
        id
        roles
        rights
        effectiveRights
        isViewer
        viewerCanEditRights
      }
    `,
    key,
  );
  // A new server state (after saving or a refetch) starts the editor again.
  return <Editor key={`${o.roles.join()}|${o.rights.join()}`} o={o} catalog={catalog} />;
}

function Editor({
  o,
  catalog,
}: {
  o: {
    id: string;
    roles: ReadonlyArray<string>;
    rights: ReadonlyArray<string>;
    isViewer: boolean;
    viewerCanEditRights: boolean;
  };
  catalog: RightCatalog;
}) {
  const { t } = useTranslation();
  const [commit, busy] = useSetOperatorRightsMutation();
  const [roles, setRoles] = useState<OperatorRole[]>(OPERATOR_ROLES.filter((r) => o.roles.includes(r)));
  const [extra, setExtra] = useState<OperatorRight[]>(OPERATOR_RIGHTS.filter((r) => o.rights.includes(r)));
  const [error, setError] = useState<string | null>(null);
  const { effective, fromRoles } = rightsState(roles, extra);
  const rightLabel = new Map(catalog.rights.map((r) => [r.right, r.label]));
  const changed = roles.join() !== o.roles.join() || extra.join() !== o.rights.join();
  const editable = o.viewerCanEditRights && !busy;
  const ownHint = t('adminOperators.rights.ownOperatorsHint');

  const save = async () => {
    setError(null);
    let result;
    try {
      result = await commit({ input: { operatorId: o.id, roles, rights: extra } }, { silent: true });
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const refusal = userErrorOf(result.setOperatorRights);
    if (refusal) {
      setError(userErrorText(refusal));
      return;
    }
    showSuccess(t('adminOperators.rights.saved'));
  };

  return (
    <Stack gap="5" as="section" aria-labelledby="rights-title" data-testid="rights-editor">
      <Heading as="h2" size="lg" id="rights-title">
        {t('adminOperators.rights.title')}
      </Heading>
      <Stack gap="3" role="group" aria-label={t('adminOperators.rights.roles')}>
        <Text fontWeight="medium">{t('adminOperators.rights.roles')}</Text>
        {catalog.roles.map((r) => {
          const role = r.role as OperatorRole;
          const on = roles.includes(role);
          const next = toggled(roles, role, !on, OPERATOR_ROLES);
          const blocked = on && !keepsOwnOperatorsRight(o.isViewer, next, extra);
          return (
            <Box key={role}>
              <Checkbox.Root
                checked={on}
                disabled={!editable || blocked}
                onCheckedChange={(d) => setRoles(toggled(roles, role, d.checked === true, OPERATOR_ROLES))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{r.label}</Checkbox.Label>
              </Checkbox.Root>
              <Text fontSize="xs" color="fg.muted" ms="7">
                {r.rights.map((x) => rightLabel.get(x) ?? x).join(', ')}
              </Text>
              {blocked && (
                <Text fontSize="xs" color="orange.600" ms="7">
                  {ownHint}
                </Text>
              )}
            </Box>
          );
        })}
      </Stack>
      <Stack gap="3" role="group" aria-label={t('adminOperators.rights.extra')}>
        <Stack gap="0">
          <Text fontWeight="medium">{t('adminOperators.rights.extra')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('adminOperators.rights.extraHint')}
          </Text>
        </Stack>
        {catalog.rights.map((r) => {
          const right = r.right as OperatorRight;
          const on = extra.includes(right);
          const next = toggled(extra, right, !on, OPERATOR_RIGHTS);
          const blocked = on && !keepsOwnOperatorsRight(o.isViewer, roles, next);
          return (
            <Box key={right}>
              <Checkbox.Root
                checked={on}
                disabled={!editable || blocked}
                onCheckedChange={(d) => setExtra(toggled(extra, right, d.checked === true, OPERATOR_RIGHTS))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {r.label}
                  {fromRoles.has(right) && (
                    <Text as="span" fontSize="xs" color="fg.muted" ms="2">
                      ({t('adminOperators.rights.fromRole')})
                    </Text>
                  )}
                </Checkbox.Label>
              </Checkbox.Root>
              <Text fontSize="xs" color="fg.muted" ms="7">
                {r.description}
              </Text>
              {blocked && (
                <Text fontSize="xs" color="orange.600" ms="7">
                  {ownHint}
                </Text>
              )}
            </Box>
          );
        })}
      </Stack>
      <Stack gap="2">
        <Text fontWeight="medium">{t('adminOperators.rights.effective')}</Text>
        <Wrap gap="2" data-testid="effective-rights">
          {effective.length === 0 ? (
            <Text color="fg.muted">{t('adminOperators.rights.none')}</Text>
          ) : (
            effective.map((r) => (
              <Badge key={r} colorPalette="blue">
                {rightLabel.get(r) ?? r}
              </Badge>
            ))
          )}
        </Wrap>
      </Stack>
      <FormErrorAlert message={error} />
      {o.viewerCanEditRights && (
        <HStack>
          <Button onClick={save} loading={busy} disabled={!changed}>
            {t('adminOperators.rights.save')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
