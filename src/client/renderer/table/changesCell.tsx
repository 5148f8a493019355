// The cell of a `changes` column: the list (ChangesList.tsx) loads with the first details row that shows one, so
// no table carries its code on start-up.
import { Suspense, type ReactNode } from 'react';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import type { Column } from '../descriptors.ts';
import type { FormatContext, Row } from './format.ts';

const ChangesList = lazyWithReload(() => import('./ChangesList.tsx').then((module) => ({ default: module.ChangesList })));

export function changesCell(column: Column, row: Row, format: FormatContext): ReactNode {
  return (
    <Suspense fallback={null}>
      <ChangesList column={column} row={row} format={format} />
    </Suspense>
  );
}
