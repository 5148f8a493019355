// Reads screens.json: the panel routes and the navigation are derived from it, nothing is listed twice.
import screensFile from '../../../screens.json' with { type: 'json' };
import { hasAnyPermission } from '../../shared/permissionCheck.ts';
import type { UserType } from '../../shared/permissionNames.ts';
import { chunk, type Chunk } from './chunk.ts';
import { DESCRIPTORS_FOLDER } from './screenDescriptors.ts';

type ScreenKind = 'custom' | 'table' | 'form' | 'details' | 'import' | 'dashboard';

interface ScreenNav {
  label: string;
  order: number;
  userTypes?: string[];
  permissions?: string[];
  /** Shown only to the users of a customer with this feature on (src/shared/customerFeatures.ts). */
  feature?: string;
}

export interface Screen {
  id: string;
  route: string;
  kind: ScreenKind;
  component?: string;
  title: string;
  permissions: string[];
  /** Only users of these types may open the screen. */
  userTypes?: string[];
  nav?: ScreenNav;
}

export const PANEL_ROOT = '/panel';

/**
 * Every screen of screens.json. A live binding: in `npm run dev` an edit of screens.json replaces it
 * (replaceScreens, from src/client/liveEdit.ts) and the router is rebuilt from it; the build never does.
 */
export let SCREENS: readonly Screen[] = (screensFile as unknown as { screens: Screen[] }).screens;

/**
 * Takes the screens of an edited screens.json. A screen whose entry did not change keeps its object, so what
 * depends on it (a form's loaded schema and typed data) stays as it is.
 */
export function replaceScreens(next: readonly Screen[]): void {
  const previous = new Map(SCREENS.map((screen) => [screen.id, screen]));
  SCREENS = next.map((screen) => {
    const old = previous.get(screen.id);
    return old && JSON.stringify(old) === JSON.stringify(screen) ? old : screen;
  });
}

const descriptorFiles = new Map<string, Chunk<Record<string, unknown>>>();
const completions = new Map<string, Promise<void>>();
const completed = new Set<string>();

/** Whether the screen's descriptor is all there (in development and tests it always is). */
export function isComplete(screen: Screen): boolean {
  return !DESCRIPTORS_FOLDER || completed.has(screen.id);
}

async function fetchDescriptor(screenId: string): Promise<Record<string, unknown>> {
  const url = `${DESCRIPTORS_FOLDER}${encodeURIComponent(screenId)}.json`;
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Fetches the rest of a screen's descriptor where the build split it off (core/screenDescriptors.ts) and completes
 * the screen's object with it, once; every caller gets the same promise, so a component may suspend on it. A failed
 * fetch reloads the page once, as a chunk's does (a new deployment replaced the files).
 */
export function completeScreen(screen: Screen): Promise<void> {
  if (isComplete(screen)) return Promise.resolve();
  let done = completions.get(screen.id);
  if (done) return done;
  let file = descriptorFiles.get(screen.id);
  if (!file) {
    file = chunk(() => fetchDescriptor(screen.id));
    descriptorFiles.set(screen.id, file);
  }
  done = file.load().then((rest) => {
    Object.assign(screen, rest);
    completed.add(screen.id);
  });
  // A failed load may be tried again (the screen's error boundary).
  done.catch(() => completions.delete(screen.id));
  completions.set(screen.id, done);
  return done;
}

export interface NavUser {
  type: UserType;
  permissions: readonly string[];
  customer?: { features?: readonly string[] } | null;
}

/** The navigation entries a user may see, in their configured order. */
export type NavScreen = Screen & { nav: ScreenNav };

export function navEntries(screens: readonly Screen[], user: NavUser): NavScreen[] {
  return screens
    .filter((screen): screen is NavScreen => Boolean(screen.nav))
    .filter((screen) => !screen.nav.userTypes || screen.nav.userTypes.includes(user.type))
    .filter((screen) => !screen.userTypes || screen.userTypes.includes(user.type))
    .filter((screen) => hasAnyPermission(user.permissions, screen.nav.permissions ?? screen.permissions))
    .filter((screen) => !screen.nav.feature || Boolean(user.customer?.features?.includes(screen.nav.feature)))
    .sort((a, b) => a.nav.order - b.nav.order);
}

/** Where a navigation entry leads: its route without the optional parameters (`/a/b/:id?` -> `/a/b`). */
export function navPath(route: string): string {
  return route.replace(/\/:[A-Za-z_][A-Za-z0-9_]*\?/g, '') || PANEL_ROOT;
}

/** The route relative to /panel for nesting under the panel layout; '' for the panel home. */
export function childPath(route: string): string {
  if (route === PANEL_ROOT) return '';
  if (!route.startsWith(`${PANEL_ROOT}/`)) throw new Error(`Screen route outside ${PANEL_ROOT}: ${route}`);
  return route.slice(PANEL_ROOT.length + 1);
}
