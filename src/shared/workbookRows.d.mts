// Types of workbookRows.mjs.
import type { SheetRow } from './importTable.ts';

export function headerKey(text: string): string;

export function looksLikeXlsx(bytes: Uint8Array): boolean;

/** The `xlsx` package, as far as this module uses it. */
export interface XlsxReader {
  read(data: Uint8Array, options: Record<string, unknown>): { SheetNames: string[]; Sheets: Record<string, unknown> };
  utils: { decode_range(ref: string): { s: { r: number; c: number }; e: { r: number; c: number } } };
}

export function workbookRows(XLSX: XlsxReader, bytes: Uint8Array, limits: { maxRows: number; maxText: number; headers: readonly string[] }): SheetRow[];
