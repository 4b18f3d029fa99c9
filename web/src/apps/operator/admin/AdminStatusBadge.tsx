/**
 * The ACTIVE/BLOCKED status badge of the payment agent and referral partner lists (issue 10): green 'Активен', red
 * 'Заблокирован' (the texts come from each list's i18n group).
 */
import { Badge } from '@chakra-ui/react';

/** `status` is the record's status; any value but 'BLOCKED' shows as active. */
export function AdminStatusBadge({
  status,
  activeLabel,
  blockedLabel,
}: {
  status: string;
  activeLabel: string;
  blockedLabel: string;
}) {
  const blocked = status === 'BLOCKED';
  return <Badge colorPalette={blocked ? 'red' : 'green'}>{blocked ? blockedLabel : activeLabel}</Badge>;
}
