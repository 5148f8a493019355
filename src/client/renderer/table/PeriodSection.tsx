// The period bar of a table with `period` (PeriodBar.tsx, in the extras chunk). Another period shown, or a preset
// chosen, starts the bar afresh with its dates.
import { Suspense } from 'react';
import type { TFunction } from 'i18next';
import type { PeriodDescriptor } from '../descriptors.ts';
import { PeriodBar } from './lazyParts.ts';
import type { Period } from './period.ts';

interface PeriodSectionProps {
  period: PeriodDescriptor;
  /** The days shown: the address's period, or the default one. */
  shown: Partial<Period>;
  tooLong: boolean;
  onApply: (period: Period) => void;
  t: TFunction;
}

export function PeriodSection({ period, shown, tooLong, onApply, t }: PeriodSectionProps) {
  return (
    <Suspense fallback={null}>
      <PeriodBar
        key={`${shown.from ?? ''}|${shown.to ?? ''}`}
        period={shown}
        field={period.field}
        maxMonths={period.maxMonths}
        tooLongMessage={t(period.message)}
        tooLong={tooLong}
        onApply={onApply}
      />
    </Suspense>
  );
}
