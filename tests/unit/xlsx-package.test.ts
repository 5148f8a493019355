// The spreadsheet library is the maintained SheetJS build (0.20.3, installed under the name `xlsx`): the registry's
// own `xlsx` stops at 0.18.5, which has advisories for crafted files (CVE-2023-30533 prototype pollution,
// CVE-2024-22363 ReDoS). The server's import worker and the browser's check and exports all import this package.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';

describe('the xlsx package', () => {
  it('is SheetJS 0.20.3', () => {
    expect(XLSX.version).toBe('0.20.3');
  });

  it('is what package.json names under the card name', () => {
    const manifest = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies.xlsx).toBe('npm:@e965/xlsx@0.20.3');
  });
});
