/**
 * The step tabs of a request modal (client 'Шаги заявки', operator 'Разделы заявки'): a tab per step, disabled
 * while not available; opens on the step where the deal stands (`current`) and follows it when the deal moves
 * on (own action or a refetch). `children` are the `Tabs.Content` panels, mounted lazily.
 */
import { Tabs } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';

export interface DealStepTabsProps<S extends string> {
  label: string;
  steps: ReadonlyArray<{ value: S; label: string }>;
  available: ReadonlyArray<S>;
  current: S;
  children: ReactNode;
}

export function DealStepTabs<S extends string>({ label, steps, available, current, children }: DealStepTabsProps<S>) {
  const [step, setStep] = useState<S>(current);
  // The deal moved on (own action or a refetch): follow it to the step where it stands now.
  useEffect(() => setStep(current), [current]);
  const shown: S = available.includes(step) ? step : current;
  const pick = (value: string) => {
    const next = steps.find((s) => s.value === value);
    if (next) setStep(next.value);
  };
  return (
    <Tabs.Root value={shown} onValueChange={(d) => pick(d.value)} variant="line" lazyMount unmountOnExit>
      <Tabs.List aria-label={label} overflowX="auto" overflowY="hidden">
        {steps.map((s) => (
          <Tabs.Trigger key={s.value} value={s.value} disabled={!available.includes(s.value)} flexShrink={0}>
            {s.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {children}
    </Tabs.Root>
  );
}
