// The entry, and deliberately small and free of React: it starts everything the first screen needs at once, the
// start-up requests (core/boot.ts), the texts, the first screen's chunks and a list's first rows (preload.ts), and
// the app itself (start.tsx, which brings React). So the screen's code and data travel beside React rather than
// after it has loaded and run, and the app renders once all of it is in (index.html shows a loader until then).
import { startBoot } from './core/boot.ts';
import { chunk } from './core/chunk.ts';
import { initI18n, t } from './core/i18n.ts';
import { BASENAME } from './core/sessionPaths.ts';
import { readToken } from './core/tokenStore.ts';
import { preloadRoute, type ListView } from './preload.ts';
import { listQueryOptions } from './renderer/table/listRequest.ts';
import type { EarlyList } from './start.tsx';
import './styles.css';

// Files first, then the API: the server sends the files from memory at once, while an API answer waits for the
// database, which on the embedded engine holds the server's only thread; asked for after them, the files would
// queue behind a list's query.
const app = chunk(() => import('./start.tsx'));
const started = app.load();
// The address as the routes read it: under a customer's base path (`/demo/panel/...`), without the base.
const pathname = location.pathname.slice(BASENAME.length);
const texts = initI18n({ pathname });
const views: ListView[] = [];
const code = preloadRoute({ pathname, search: location.search }, readToken() !== null, (view) => views.push(view));
const boot = startBoot();
const lists: EarlyList[] = views.map((view) => {
  const options = listQueryOptions(view.listCall, view.query, view.order, view.scope);
  const rows = options.queryFn({});
  // A failed request is the screen's to show (its query asks again); not an unhandled rejection meanwhile.
  rows.catch(() => undefined);
  return { options, rows };
});

/**
 * A list's first rows are worth a short wait once everything else is in: rendered with the screen they cost one
 * render; arriving just after it, a second one (the whole screen's first render takes about as long as this wait).
 */
const ROWS_WAIT_MS = 100;

// Each part settles whatever happens (a failure is the app's to show once it runs), so the app always renders.
const settled = <T>(work: Promise<T>) => work.catch(() => undefined);
const rowsOrTimeout = () =>
  Promise.race([Promise.allSettled(lists.map((list) => list.rows)), new Promise((resolve) => setTimeout(resolve, ROWS_WAIT_MS))]);
void Promise.all([boot.status, boot.me, settled(Promise.resolve(texts)), settled(code), started])
  .then(async (ready) => {
    if (lists.length > 0) await rowsOrTimeout();
    return ready;
  })
  .then(([serviceState, me, , , { startApp }]) => startApp({ serviceState, token: boot.token, me, lists }))
  .catch(async (error: unknown) => {
    // The app itself did not load (twice: core/chunk.ts reloads the page once). Say so where the loader was, as the
    // error boundary would, in the texts that did load.
    console.error(error);
    await settled(Promise.resolve(texts));
    const message = document.createElement('div');
    message.className = 'notice notice-error';
    message.setAttribute('role', 'alert');
    message.textContent = t('errorBoundary.message');
    const page = document.createElement('div');
    page.className = 'centered-page';
    page.append(message);
    document.getElementById('root')?.replaceChildren(page);
  });
