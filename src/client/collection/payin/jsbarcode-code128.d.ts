// The one encoder the pay-in page takes from jsbarcode (its package types only the whole library's entry).
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  /** Code 128 with the sets A, B and C chosen for the shortest symbol. */
  export class CODE128 {
    constructor(data: string, options: Record<string, unknown>);
    valid(): boolean;
    /** data: the symbol's modules, "1" a bar and "0" a space, start, check and stop characters included. */
    encode(): { data: string; text: string };
  }
}
