// The parts of a list screen that load after it: what only some tables have (extras.tsx, one chunk: each part
// renders at once once the chunk is in) and the confirm flow of an action, whose code loads after the first paint of
// a table with actions (before a click, as a rule; a click that comes first opens it when it is in).
import { chunk } from '../../core/chunk.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { tableExtrasChunk } from '../chunks.ts';

type Extras = typeof import('./extras.tsx');

/** A named part of the extras chunk as a component of its own. */
function extra<K extends 'RecordView' | 'PeriodBar' | 'ExportButton' | 'ReportButtons' | 'BulkBar' | 'LoadedDetails'>(name: K) {
  return lazyWithReload(chunk(() => tableExtrasChunk.load().then((module) => ({ default: module[name] as never }))));
}
export const RecordView = extra('RecordView') as unknown as Extras['RecordView'];
export const PeriodBar = extra('PeriodBar') as unknown as Extras['PeriodBar'];
export const ExportButton = extra('ExportButton') as unknown as Extras['ExportButton'];
export const ReportButtons = extra('ReportButtons') as unknown as Extras['ReportButtons'];
export const BulkBar = extra('BulkBar') as unknown as Extras['BulkBar'];
export const LoadedDetails = extra('LoadedDetails') as unknown as Extras['LoadedDetails'];
export const ActionDialog = lazyWithReload(() => import('./ActionDialog.tsx').then((module) => ({ default: module.ActionDialog })));
