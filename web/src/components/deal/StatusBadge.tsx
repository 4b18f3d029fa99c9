/** A status badge coloured by its code (display statuses of spec core §4 and raw statuses alike). */
import { Badge } from '@chakra-ui/react';
import { statusColor } from './labels';

export function StatusBadge({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <Badge colorPalette={statusColor(code)} data-status-code={code} data-testid={testId} whiteSpace="normal">
      {label}
    </Badge>
  );
}
