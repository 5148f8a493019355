// The scrolling box around a panel's table (ui/ScrollBox.tsx): on a narrow panel the figures scroll sideways.
import type { ReactNode } from 'react';
import { ScrollBox } from '../../ui/ScrollBox.tsx';

export function Figures({ labelledBy, children }: { labelledBy?: string; children: ReactNode }) {
  return (
    <ScrollBox className="figures-wrap" labelledBy={labelledBy}>
      {children}
    </ScrollBox>
  );
}
