// The errors a page catches before it knows whether reporting is on: the first ten wait and reach the SDK once it is
// in, in order; without a DSN they are dropped, and so is everything after.
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('../../../src/client/core/errorReporting.ts');
let reporting: Module;

beforeEach(async () => {
  vi.resetModules();
  reporting = await import('../../../src/client/core/errorReporting.ts');
});

describe('reportError', () => {
  it('keeps the first ten errors until the SDK is in, then hands them over in order, and later ones at once', () => {
    for (let i = 1; i <= 12; i++) reporting.reportError(new Error(`error ${i}`), i === 1 ? 'in <Screen>' : undefined);
    const sent: [string, string | undefined][] = [];
    reporting.setReporter((error, stack) => sent.push([(error as Error).message, stack]));
    expect(sent.map(([message]) => message)).toEqual(['error 1', 'error 2', 'error 3', 'error 4', 'error 5', 'error 6', 'error 7', 'error 8', 'error 9', 'error 10']);
    expect(sent[0][1]).toBe('in <Screen>');
    reporting.reportError(new Error('later'));
    expect(sent.at(-1)?.[0]).toBe('later');
  });

  it('drops what waited, and what follows, when there is no DSN', () => {
    reporting.reportError(new Error('early'));
    reporting.setReporter(null);
    expect(() => reporting.reportError(new Error('late'))).not.toThrow();
    const sent: unknown[] = [];
    reporting.setReporter((error) => sent.push(error));
    expect(sent).toEqual([]);
  });
});
