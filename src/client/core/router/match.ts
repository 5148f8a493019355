// Route trees and path patterns. A tree is flattened once into branches (one per path a route can match,
// root to leaf), each with its pattern split into segments and a specificity score; a navigation then only
// walks the branches. Patterns: `/static`, `:name` (one segment), `:name?` (optional), a trailing `*` (the rest).
// Static segments compare case-insensitively, and trailing slashes are ignored.
import type { ReactNode } from 'react';
import type { Location } from './history.ts';

export type Params = Readonly<Record<string, string | undefined>>;

export interface Route {
  /** Relative to the parent's path, or absolute (from the root). Neither path nor index: a layout. */
  path?: string;
  /** Matches its parent's path exactly. */
  index?: boolean;
  /** Rendered for the route; `<Outlet />` inside it renders the matched child. None: the child alone. */
  element?: ReactNode;
  /** Shown instead of the element when the element or a child without its own errorElement fails to render. */
  errorElement?: ReactNode;
  /**
   * Starts what the route needs before it shows (code, data). A navigation to the route waits for it
   * before the new address is committed, so the old screen stays until then. A rejection is ignored.
   */
  preload?: (target: { location: Location; params: Params }) => Promise<unknown>;
  children?: readonly Route[];
}

export interface RouteMatch {
  /** The matched routes, root first. */
  routes: readonly Route[];
  params: Params;
}

type Segment = { kind: 'static'; text: string } | { kind: 'param'; name: string } | { kind: 'splat' };

interface Branch {
  segments: readonly Segment[];
  routes: readonly Route[];
  score: number;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** A pattern's segments, one list per choice of leaving out its optional parameters. */
function patternVariants(parts: readonly string[]): Segment[][] {
  let variants: Segment[][] = [[]];
  parts.forEach((part, i) => {
    if (part === '*') {
      if (i !== parts.length - 1) throw new Error(`Route pattern: "*" must come last (${parts.join('/')})`);
      variants = variants.map((v) => [...v, { kind: 'splat' }]);
    } else if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const param: Segment = { kind: 'param', name: part.slice(1, optional ? -1 : undefined) };
      variants = optional ? [...variants, ...variants.map((v) => [...v, param])] : variants.map((v) => [...v, param]);
    } else {
      variants = variants.map((v) => [...v, { kind: 'static', text: part.toLowerCase() }]);
    }
  });
  return variants;
}

// Specificity, as React Router ranks routes (so a screens.json order never decides): a static segment
// beats a parameter, which beats a catch-all; an index route beats its layout. Ties keep the tree's order.
function scoreOf(segments: readonly Segment[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) score += segment.kind === 'static' ? 10 : segment.kind === 'param' ? 3 : -2;
  return score;
}

function flatten(routes: readonly Route[], parentParts: readonly string[], parents: readonly Route[], out: Branch[]): void {
  for (const route of routes) {
    const own = route.path === undefined ? [] : splitPath(route.path);
    const parts = route.path?.startsWith('/') ? own : [...parentParts, ...own];
    const chain = [...parents, route];
    if (route.children) flatten(route.children, parts, chain, out);
    // A layout (no path, not an index) matches only through its children.
    if (route.path === undefined && !route.index) continue;
    for (const segments of patternVariants(parts)) out.push({ segments, routes: chain, score: scoreOf(segments, Boolean(route.index)) });
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment.kind === 'splat') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined || part === '') return null;
    if (segment.kind === 'param') params[segment.name] = decode(part);
    else if (decode(part).toLowerCase() !== segment.text) return null;
  }
  return parts.length === segments.length ? params : null;
}

/** The address's path in segments: trailing slashes dropped, empty inner segments kept (they match nothing). */
function pathParts(pathname: string): string[] {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.replace(/^\//, '').split('/');
}

export type Matcher = (pathname: string) => RouteMatch | null;

/** Compiles a route tree once; the returned function finds the most specific branch for a path. */
export function compileRoutes(routes: readonly Route[]): Matcher {
  const branches: Branch[] = [];
  flatten(routes, [], [], branches);
  // Array.prototype.sort is stable: equal scores keep the tree's order.
  branches.sort((a, b) => b.score - a.score);
  return (pathname) => {
    const parts = pathParts(pathname);
    for (const branch of branches) {
      const params = matchSegments(branch.segments, parts);
      if (params) return { routes: branch.routes, params };
    }
    return null;
  };
}

const patterns = new Map<string, readonly Segment[][]>();

/** The params of `pathname` when it matches `pattern` as a whole, else null. Patterns are compiled once. */
export function matchPath(pattern: string, pathname: string): Params | null {
  let variants = patterns.get(pattern);
  if (!variants) patterns.set(pattern, (variants = patternVariants(splitPath(pattern))));
  const parts = pathParts(pathname);
  for (const segments of variants) {
    const params = matchSegments(segments, parts);
    if (params) return params;
  }
  return null;
}
