// The generic renderer's screens and its heavy widget, as chunks (core/chunk.ts): start-up code (main.ts, preload.ts)
// begins loading them before React is in, and the components rendering them are made from the same chunks
// (lazyWithReload), so nothing loads twice.
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { chunk } from '../core/chunk.ts';
import type { DashboardScreen, DetailsScreen, FormScreen, ImportScreen, TableScreen } from './descriptors.ts';

export const tableScreenChunk = chunk<{ default: ComponentType<{ screen: TableScreen }> }>(() => import('./table/TableScreen.tsx'));
export const formScreenChunk = chunk<{ default: ComponentType<{ screen: FormScreen }> }>(() => import('./form/FormScreen.tsx'));
export const detailsScreenChunk = chunk<{ default: ComponentType<{ screen: DetailsScreen }> }>(() => import('./details/DetailsScreen.tsx'));
export const importScreenChunk = chunk<{ default: ComponentType<{ screen: ImportScreen }> }>(() => import('./import/ImportScreen.tsx'));
export const dashboardScreenChunk = chunk<{ default: ComponentType<{ screen: DashboardScreen }> }>(() => import('./dashboard/DashboardScreen.tsx'));
/** The dashboard's charts (recharts), loaded beside its screen and only there. */
export const dashboardChartsChunk = chunk(() => import('./dashboard/charts.tsx'));
/** The phone input with libphonenumber's metadata (widgets/LazyPhoneWidget.tsx). */
export const phoneWidgetChunk = chunk<{ default: ComponentType<WidgetProps> }>(() => import('./widgets/PhoneWidget.tsx'));
type WidgetModule = { default: ComponentType<WidgetProps> };
/**
 * Widgets only some forms use, loaded beside such a form rather than with every form (widgets/lazyWidget.tsx): preload
 * starts them when the form's ui hints name them (widgets/phoneHints.ts).
 */
export const lazyWidgetChunks = {
  phone: phoneWidgetChunk,
  remoteSelect: chunk<WidgetModule>(() => import('./widgets/RemoteSelectWidget.tsx')),
  imageUpload: chunk<WidgetModule>(() => import('./widgets/ImageUploadWidget.tsx')),
  smsText: chunk<WidgetModule>(() => import('./widgets/SmsTextWidget.tsx')),
  color: chunk<WidgetModule>(() => import('./widgets/ColorWidget.tsx')),
  timeZone: chunk<WidgetModule>(() => import('./widgets/TimeZoneWidget.tsx')),
  // With the IBAN rule and its country table (shared/validation/iban.ts).
  iban: chunk<WidgetModule>(() => import('./widgets/IbanWidget.tsx')),
  // With the URL rules that judge a host's address (shared/validation/urls.ts, on ipaddr.js).
  url: chunk<WidgetModule>(() => import('./widgets/UrlWidget.tsx')),
} as const;
/** What only some tables have: the record above them, the period bar and the export button (table/extras.tsx). */
export const tableExtrasChunk = chunk(() => import('./table/extras.tsx'));
/** The account picker step of a form with `accountStep` (accounts/AccountStep.tsx). */
export const accountStepChunk = chunk(() => import('./accounts/AccountStep.tsx'));
