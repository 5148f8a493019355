// A chart, loaded on demand: until recharts is in, a block of the chart's size holds its place. The figures the
// chart draws are in the panel's table, which shows at once.
import { Suspense } from 'react';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { dashboardChartsChunk } from '../chunks.ts';
import type { ChartProps } from './charts.tsx';

const Chart = lazyWithReload(dashboardChartsChunk);

export function ChartArea(props: ChartProps) {
  return (
    <Suspense fallback={<div className="dashboard-chart skeleton-block" aria-hidden="true" />}>
      <Chart {...props} />
    </Suspense>
  );
}
