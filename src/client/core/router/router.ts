// The router's state and navigation, apart from React: which routes the committed address matches, and
// how a new address gets there. A navigation first runs the matched routes' preloads and commits (writes
// the history entry and tells the subscribers) only when they have settled, so the old screen stays on until
// the new one's code is in; a newer navigation drops an older one still waiting. Subscribers are plain
// listeners (RouterProvider reads them with useSyncExternalStore): no transition, which React would
// render in 5 ms slices and so show the new screen later.
// The router's modules are imported one by one, with no index file: a re-exporting index imported both by the
// entry and by the lazy screens made the bundler split the start-up code into a dozen small files.
import { createPath, resolveLocation, type History, type Location } from './history.ts';
import { compileRoutes, type Matcher, type Params, type Route } from './match.ts';

export interface RouterState {
  readonly location: Location;
  /** The matched routes, root first; empty when nothing matches. */
  readonly routes: readonly Route[];
  readonly params: Params;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/** `navigate('/path')`, `navigate('?page=2', { replace: true })`, `navigate(-1)` (back). */
export type Navigate = (to: string | number, options?: NavigateOptions) => Promise<void>;

type Mode = 'push' | 'replace' | 'pop' | 'stay';

export class Router {
  private matcher: Matcher;
  private current: RouterState;
  private readonly listeners = new Set<() => void>();
  /** Numbers the navigations: one that is no longer the latest when its preloads settle is dropped. */
  private latest = 0;
  private readonly history: History;
  private readonly unlisten: () => void;

  constructor(routes: readonly Route[], history: History) {
    this.history = history;
    this.matcher = compileRoutes(routes);
    // The first address shows at once, without its preloads: the page's start-up already ran them (main.ts).
    this.current = this.stateAt(history.location);
    this.unlisten = history.listen(() => void this.go(this.history.location, 'pop'));
  }

  /** The committed state: what is rendered. */
  get state(): RouterState {
    return this.current;
  }

  readonly getState = (): RouterState => this.current;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves when the navigation is committed or dropped for a newer one. */
  readonly navigate: Navigate = (to, options = {}) => {
    if (typeof to === 'number') {
      // The history reports the move (popstate) and the router follows it like any other.
      this.history.go(to);
      return Promise.resolve();
    }
    return this.go(resolveLocation(to, this.current.location), options.replace ? 'replace' : 'push');
  };

  /** Whether `to` is the committed address (a link to it replaces the entry rather than repeat it). */
  isCurrent(to: string): boolean {
    return createPath(resolveLocation(to, this.current.location)) === createPath(this.current.location);
  }

  /** Takes a new route tree (live edit of screens.json) and renders it at the current address, which stays. */
  setRoutes(routes: readonly Route[]): Promise<void> {
    this.matcher = compileRoutes(routes);
    return this.go(this.current.location, 'stay');
  }

  /** Stops following the history. */
  dispose(): void {
    this.unlisten();
    this.listeners.clear();
  }

  private stateAt(location: Location): RouterState {
    const match = this.matcher(location.pathname);
    return { location, routes: match?.routes ?? [], params: match?.params ?? {} };
  }

  private async go(location: Location, mode: Mode): Promise<void> {
    const id = ++this.latest;
    const from = this.current.location;
    // A move to another fragment of the same page (a skip link) needs nothing loaded.
    const hashOnly = mode !== 'stay' && location.pathname === from.pathname && location.search === from.search && location.hash !== from.hash;
    const pending = hashOnly ? [] : preloadsOf(this.stateAt(location));
    // Nothing to wait for: committed synchronously, in the same event as the click.
    if (pending.length) {
      await Promise.all(pending);
      if (id !== this.latest) return;
    }
    if (mode === 'push') this.history.push(location);
    else if (mode === 'replace') this.history.replace(location);
    // Matched again rather than reusing the state above: a route tree replaced meanwhile applies.
    this.current = this.stateAt(location);
    for (const listener of [...this.listeners]) listener();
  }
}

/** The matched routes' preloads, started; a failure (thrown or rejected) only ends the wait. */
function preloadsOf({ location, params, routes }: RouterState): Promise<unknown>[] {
  const pending: Promise<unknown>[] = [];
  for (const route of routes) {
    if (!route.preload) continue;
    try {
      pending.push(Promise.resolve(route.preload({ location, params })).catch(() => undefined));
    } catch {
      // As a rejection: the route shows and reports its own failure.
    }
  }
  return pending;
}
