/** A labelled list of facts (term / value), used by the request and offer details. Empty values show '—'. */
import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  testId?: string;
}

export function Facts({
  items,
  orientation = 'horizontal',
  label,
}: {
  items: ReadonlyArray<Fact | null | undefined | false | ''>;
  orientation?: 'horizontal' | 'vertical';
  label?: string;
}) {
  return (
    <DataList.Root orientation={orientation} size="sm" aria-label={label} gap="3">
      {items
        .filter((f): f is Fact => !!f)
        .map((f) => (
          <DataList.Item key={f.label} data-testid={f.testId}>
            <DataList.ItemLabel minW={{ md: '48' }}>{f.label}</DataList.ItemLabel>
            <DataList.ItemValue>{f.value == null || f.value === '' ? '—' : f.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
    </DataList.Root>
  );
}
