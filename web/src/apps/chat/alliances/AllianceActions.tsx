/**
 * The alliance buttons of the chat header, 'Пригласить' and 'Переименовать', with their dialogs. Shown only where
 * allianceRules.canManageAlliance allows (an ECVP_PARTNER_CLIENT group where the viewer is OWNER or ADMIN, or the
 * viewer is an operator); the server checks the same (UserError FORBIDDEN).
 */
import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { ALLIANCE_TEXTS } from '../rules/texts';
import { InviteToAllianceDialog } from './InviteToAllianceDialog';
import { RenameAllianceDialog } from './RenameAllianceDialog';

/** Props of AllianceActions: the alliance's global id, backend id and current name. */
export interface AllianceActionsProps {
  groupGlobalId: string;
  groupId: number;
  name: string;
}

/** 'Пригласить' and 'Переименовать' of an alliance the viewer manages (see the module comment). */
export function AllianceActions({ groupGlobalId, groupId, name }: AllianceActionsProps) {
  const [dialog, setDialog] = useState<'invite' | 'rename' | null>(null);
  return (
    <HStack gap="2" flexShrink={0} role="group" aria-label={ALLIANCE_TEXTS.actions}>
      <Button size="sm" colorPalette="blue" variant="outline" onClick={() => setDialog('invite')}>
        {ALLIANCE_TEXTS.invite}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setDialog('rename')}>
        {ALLIANCE_TEXTS.rename}
      </Button>
      <InviteToAllianceDialog
        groupGlobalId={groupGlobalId}
        groupId={groupId}
        open={dialog === 'invite'}
        onClose={() => setDialog(null)}
      />
      <RenameAllianceDialog
        groupGlobalId={groupGlobalId}
        name={name}
        open={dialog === 'rename'}
        onClose={() => setDialog(null)}
      />
    </HStack>
  );
}
