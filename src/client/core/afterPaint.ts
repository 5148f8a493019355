// Code the first screen does not show (a menu's panel, a dialog) loads once the browser has painted that screen: it
// never delays the screen, and is in before the user asks for it, who otherwise waits for it only the first time.
import { useEffect, useState } from 'react';
import type { Chunk } from './chunk.ts';

/**
 * Runs a task after the browser's next paint: a frame callback runs just before the paint, a task it queues runs after
 * it. A hidden tab paints nothing: its timer runs the task anyway, within a second.
 */
export function afterPaint(task: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  let queued: ReturnType<typeof setTimeout> | undefined;
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (queued = setTimeout(run, 0))) : undefined;
  const fallback = setTimeout(run, frame === undefined ? 0 : 1000);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(queued);
    clearTimeout(fallback);
  };
}

/** Starts loading a chunk after the first paint; true once it is in (its components then render without waiting). */
export function useLoadedAfterPaint(source: Chunk<unknown>): boolean {
  const [loaded, setLoaded] = useState(source.current !== undefined);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const cancel = afterPaint(() => {
      // A failed load is retried by the component that needs it (and shown by its error boundary).
      source.load().then(
        () => live && setLoaded(true),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [source, loaded]);
  return loaded;
}
