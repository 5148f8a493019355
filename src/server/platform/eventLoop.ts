// Long work on the server's thread (a spreadsheet's tens of thousands of rows) lets the event loop turn every so
// often, so other requests are answered meanwhile: a loop asks `pace.due()` per item and awaits `pace.turn()` then.
// Measured by time rather than by count, since an item's cost differs a hundredfold between loops.

/** Lets the event loop turn once: pending I/O, timers and other requests' work run before the caller goes on. */
export function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The longest the thread is held between turns. */
const SLICE_MS = 20;

export class Pacer {
  private since = performance.now();
  private count = 0;

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Whether the slice is spent (looked at every 64 items: the clock costs more than a cheap item). */
  due(): boolean {
    return (++this.count & 63) === 0 && performance.now() - this.since >= this.sliceMs;
  }

  async turn(): Promise<void> {
    await turn();
    this.since = performance.now();
  }

  /** A turn when the slice is spent; an already settled promise otherwise. */
  async step(): Promise<void> {
    if (this.due()) await this.turn();
  }
}
