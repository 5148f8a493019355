import { describe, expect, it } from 'vitest';
import { Pacer } from '../../src/server/platform/eventLoop.ts';
import { newReference, newReferences } from '../../src/server/areas/payouts/reference.ts';

describe('long work on the server’s thread', () => {
  it('lets a timer run while a long loop goes on, and not after every item', async () => {
    const pace = new Pacer(5);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    let turns = 0;
    const started = performance.now();
    let items = 0;
    // Twenty turns (about 100 ms), however busy the machine: the loop's length in time is not what is tested.
    while (turns < 20 && performance.now() - started < 5_000) {
      items++;
      if (pace.due()) {
        turns++;
        await pace.turn();
      }
    }
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(3);
    expect(turns).toBeGreaterThan(3);
    expect(turns).toBeLessThan(items / 64);
  });
});

describe('payout references', () => {
  it('are made in bulk in the same form as one at a time, and differ', () => {
    const at = new Date('2026-11-24T12:00:00Z');
    const many = newReferences(20_000, at);
    const form = /^PO-2026-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
    expect(many.every((r) => form.test(r))).toBe(true);
    expect(form.test(newReference(at))).toBe(true);
    // 40 random bits: 20,000 draws almost never repeat (the chance is about 2 in 10,000).
    expect(new Set(many).size).toBeGreaterThan(19_995);
    // Every character of the alphabet turns up in every position.
    for (const position of [8, 9, 10, 11, 13, 14, 15, 16]) expect(new Set(many.map((r) => r[position])).size).toBe(32);
  });
});
