/**
 * The red count badge next to a navigation link: the number ('99+' above 99), nothing when the count is 0. Used by
 * the chat links ('Чаты', 'Поддержка'; spec chat §3) and the operators' 'Обращения' (issue 11).
 */
import { Badge } from '@chakra-ui/react';
import { badgeText } from '../apps/chat/support/supportBadges';

export function CountBadge({ count, testId, label }: { count: number; testId: string; label: string }) {
  if (count <= 0) return null;
  return (
    <Badge colorPalette="red" variant="solid" borderRadius="full" data-testid={testId} aria-label={label}>
      {badgeText(count)}
    </Badge>
  );
}
