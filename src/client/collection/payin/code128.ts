// A Code 128 symbol as bars: jsbarcode's encoder (only Code 128, not the library's every format and renderer) gives
// the modules, and the page draws them as SVG itself.
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';

interface Bar {
  /** Where the bar starts and how wide it is, in modules. */
  x: number;
  width: number;
}

export interface Symbol128 {
  bars: Bar[];
  /** The symbol's width in modules, quiet zones left out. */
  modules: number;
}

/** The bars of `text` in Code 128, or null when Code 128 cannot hold it (characters beyond ASCII). */
export function code128(text: string): Symbol128 | null {
  const encoder = new CODE128(text, {});
  if (!text || !encoder.valid()) return null;
  const { data } = encoder.encode();
  const bars: Bar[] = [];
  for (const run of data.matchAll(/1+/g)) bars.push({ x: run.index, width: run[0].length });
  return { bars, modules: data.length };
}
