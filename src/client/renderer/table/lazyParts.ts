// The parts of a list screen that load after it: what only some tables have (extras.tsx, one chunk: each part
// renders at once once the chunk is in) and what the actions open, the confirm flow and a row's actions menu
// (actionParts.ts, one chunk too), whose code loads after the first paint of a table with actions (before a click, as
// a rule; a click that comes first opens it when it is in).
import { chunk } from '../../core/chunk.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { tableExtrasChunk } from '../chunks.ts';

type Extras = typeof import('./extras.tsx');

/** A named part of the extras chunk as a component of its own. */
function extra<K extends 'RecordCardView' | 'PeriodBar' | 'ExportButton' | 'ReportButtons' | 'BulkBar' | 'LoadedDetails'>(name: K) {
  return lazyWithReload(chunk(() => tableExtrasChunk.load().then((module) => ({ default: module[name] as never }))));
}
export const RecordCardView = extra('RecordCardView') as unknown as Extras['RecordCardView'];
export const PeriodBar = extra('PeriodBar') as unknown as Extras['PeriodBar'];
export const ExportButton = extra('ExportButton') as unknown as Extras['ExportButton'];
export const ReportButtons = extra('ReportButtons') as unknown as Extras['ReportButtons'];
export const BulkBar = extra('BulkBar') as unknown as Extras['BulkBar'];
export const LoadedDetails = extra('LoadedDetails') as unknown as Extras['LoadedDetails'];
const actionParts = chunk(() => import('./actionParts.ts'));
export const ActionDialog = lazyWithReload(chunk(() => actionParts.load().then((module) => ({ default: module.ActionDialog }))));
export const RowMenu = lazyWithReload(chunk(() => actionParts.load().then((module) => ({ default: module.RowMenu }))));
