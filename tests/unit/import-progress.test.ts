// The import screen's progress bar (src/client/renderer/import/progress.ts): the steps' shares of one bar, the
// random id a request names its progress by, and the questions to the server while the request runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { barAt, followProgress, newProgressId } from '../../src/client/renderer/import/progress.ts';
import { PROGRESS_ID_PATTERN, type ImportProgress } from '../../src/shared/imports.ts';

describe('the bar of an import', () => {
  it('gives the browser’s check, the sending and the server’s phases their shares, an import ending at the rows created', () => {
    expect(barAt(null, 'browser', 0, 10, false).percent).toBe(0);
    expect(barAt(null, 'browser', 10, 10, false).percent).toBe(25);
    expect(barAt(null, 'reading', 0, 1, false).percent).toBe(30);
    expect(barAt(null, 'checking', 1, 2, false).percent).toBe(53);
    expect(barAt(null, 'creating', 50, 100, false)).toEqual({ step: 'creating', percent: 80 });
    expect(barAt(null, 'creating', 100, 100, false).percent).toBe(100);
  });

  it('shares the whole bar among the steps of a preview, which creates nothing', () => {
    expect(barAt(null, 'browser', 10, 10, true).percent).toBe(40);
    expect(barAt(null, 'checking', 10, 10, true).percent).toBe(100);
  });

  it('never moves back, and stays put on counts it cannot use', () => {
    const far = barAt(null, 'checking', 1, 1, false);
    expect(barAt(far, 'reading', 0, 1, false)).toEqual({ step: 'reading', percent: 60 });
    expect(barAt(null, 'reading', 5, 0, false).percent).toBe(30);
    expect(barAt(null, 'reading', 9, 3, false).percent).toBe(45);
  });
});

describe('the id of a request’s progress', () => {
  it('is random and of the form the server takes', () => {
    const ids = new Set(Array.from({ length: 100 }, newProgressId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(PROGRESS_ID_PATTERN);
  });
});

describe('following the server’s progress', () => {
  let answers: (() => Response)[];
  let asked: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    answers = [];
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        const next = answers.shift();
        return next ? next() : new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }), { status: 404 });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('asks the submit path’s progress route every 400 ms, passes the contract’s answers on, ignores failures, and stops', async () => {
    const heard: ImportProgress[] = [];
    answers.push(json({ code: 'NOT_FOUND' }, 404), json({ phase: 'checking', done: 5, total: 10 }), () => new Response('oops', { status: 500 }), json({ phase: 'done?', done: 1, total: 1 }), json({ phase: 'creating', done: 1, total: 10 }));
    const stop = followProgress('/api/payout/fromFile', 'abcdefghijklmnopqrstuvwx', (progress) => heard.push(progress));
    await vi.advanceTimersByTimeAsync(399);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(5 * 400);
    expect(asked).toHaveLength(5);
    expect(asked[0]).toBe('/api/payout/fromFile/progress/abcdefghijklmnopqrstuvwx');
    expect(heard).toEqual([
      { phase: 'checking', done: 5, total: 10 },
      { phase: 'creating', done: 1, total: 10 },
    ]);
    stop();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(asked).toHaveLength(5);
  });

  it('asks once at a time, and drops an answer that arrives after it was stopped', async () => {
    let release: (response: Response) => void = () => {};
    vi.mocked(fetch).mockImplementationOnce((async () => new Promise<Response>((resolve) => (release = resolve))) as typeof fetch);
    const heard: ImportProgress[] = [];
    const stop = followProgress('/api/payout/recipient/fromFile', 'abcdefghijklmnopqrstuvwx', (progress) => heard.push(progress));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    stop();
    release(json({ phase: 'reading', done: 1, total: 1 })());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(heard).toEqual([]);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });
});
