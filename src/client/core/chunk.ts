// A module loaded on demand: loaded once (every caller gets the same promise), with one page reload when its file
// fails to load (typically after a new deployment replaced the files); a second failure is the caller's to show (the
// screen's lazy component throws it and the page's error boundary shows: router.tsx).
// Free of React on purpose: the start-up code (main.ts) begins loading the first screen's code before React
// itself has arrived, and lazyWithReload.ts turns the same chunk into a component.

const RELOAD_FLAG = 'chunkReloaded';
/**
 * A failure this long after the last reload reloads again. Several chunks failing at once (they share a file that
 * is gone) must not each reload the page, nor the second failure of one clear the mark another reads.
 */
const RELOAD_WINDOW_MS = 10_000;

export interface Chunk<M> {
  /** Starts the load (once) and resolves with the module. */
  load(): Promise<M>;
  /** The module once loaded, so a component can render it at once instead of suspending. */
  readonly current: M | undefined;
}

function storage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

async function loadWithReload<M>(importer: () => Promise<M>): Promise<M> {
  try {
    // The mark stays after a success: only its age counts, and a chunk that loads must not clear it for one that
    // fails just after (the page would reload for ever).
    return await importer();
  } catch (error) {
    const store = storage();
    const last = Number(store?.getItem(RELOAD_FLAG));
    if (store && !(last > Date.now() - RELOAD_WINDOW_MS)) {
      store.setItem(RELOAD_FLAG, String(Date.now()));
      // The address is already the one a navigation is headed for (router.tsx pushes it first), so the page comes
      // back where the user went.
      window.location.reload();
      // Keep waiting until the reload replaces the page.
      return new Promise<never>(() => {});
    }
    throw error;
  }
}

export function chunk<M>(importer: () => Promise<M>): Chunk<M> {
  let current: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load() {
      if (!pending) {
        const attempt = loadWithReload(importer).then((module) => {
          current = module;
          return module;
        });
        // A failed load may be tried again by the next caller (the error boundary's retry).
        attempt.catch(() => {
          if (pending === attempt) pending = undefined;
        });
        pending = attempt;
      }
      return pending;
    },
    get current() {
      return current;
    },
  };
}
