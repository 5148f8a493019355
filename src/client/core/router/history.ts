// Where the router reads and writes the address: the browser's history, or a list in memory for tests.
// The router only ever writes an entry once a navigation is committed; the history reports the moves
// the user makes through it (back, forward), after which `location` is already the new entry.

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** Calls `listener` after each move through the entries (back, forward, go); returns the unsubscribe. */
  listen(listener: () => void): () => void;
}

export function createPath({ pathname, search, hash }: Location): string {
  return pathname + search + hash;
}

/**
 * `to` read against `base` the way a browser reads an href: absolute paths, `?search` (same path),
 * `#hash` and relative paths. The URL parser also normalises `.`/`..` and percent-encodes as the address bar does.
 */
export function resolveLocation(to: string, base: Location): Location {
  const url = new URL(to, `http://localhost${createPath(base)}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function createBrowserHistory(win: Window = window): History {
  return {
    get location() {
      const { pathname, search, hash } = win.location;
      return { pathname, search, hash };
    },
    push: (location) => win.history.pushState(null, '', createPath(location)),
    replace: (location) => win.history.replaceState(null, '', createPath(location)),
    go: (delta) => win.history.go(delta),
    listen(listener) {
      win.addEventListener('popstate', listener);
      return () => win.removeEventListener('popstate', listener);
    },
  };
}

/** Entries in memory (unit tests). Unlike the browser, `go` reports the move synchronously. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/'], initialIndex = initialEntries.length - 1): History & { readonly entries: readonly Location[]; readonly index: number } {
  const root: Location = { pathname: '/', search: '', hash: '' };
  const entries = (initialEntries.length ? initialEntries : ['/']).map((entry) => resolveLocation(entry, root));
  let index = Math.min(Math.max(initialIndex, 0), entries.length - 1);
  const listeners = new Set<() => void>();
  return {
    get location() {
      return entries[index];
    },
    get entries() {
      return entries;
    },
    get index() {
      return index;
    },
    push(location) {
      // A new entry drops the entries ahead of the current one, as in a browser.
      entries.splice(index + 1, entries.length, location);
      index = entries.length - 1;
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      for (const listener of [...listeners]) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
