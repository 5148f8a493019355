// Top navigation: logo, the entries this user may open (from screens.json), language, notifications, user menu.
// The entries stay on one row: those that do not fit go, in order, into the "More" menu at its end (NavMore.tsx, loaded
// after the first paint; until then those entries are clipped away, styles.css). Below the tablet breakpoint the
// entries fold behind a menu toggle.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { navEntries, navPath, PANEL_ROOT, SCREENS, type Screen } from '../../core/screens.ts';
import { useSession } from '../../core/session.tsx';
import { MenuIcon } from '../../ui/icons.tsx';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher.tsx';
import { BrandLogo } from '../../ui/Logo.tsx';
import { useLoadedAfterPaint } from '../../core/afterPaint.ts';
import { UserMenu } from './UserMenu.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { navbarPartsChunk, NavMore } from './navbarChunk.ts';

/** The entry whose route is the longest prefix of the path: /panel/customers/settings is not Customers. */
function activeEntry(entries: readonly Screen[], pathname: string): string | undefined {
  let best: Screen | undefined;
  for (const entry of entries) {
    const route = navPath(entry.route);
    const matches = pathname === route || pathname.startsWith(`${route}/`);
    if (matches && (!best || route.length > navPath(best.route).length)) best = entry;
  }
  return best?.id;
}

export function Navbar() {
  const { t } = useTranslation();
  const { me } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  // How many entries the row shows; NavMore measures it and holds the rest.
  const [fit, setFit] = useState(Infinity);
  const loaded = useLoadedAfterPaint(navbarPartsChunk);

  // Following a link closes the folded menu.
  useEffect(() => setOpen(false), [location.pathname]);

  if (!me) return null;
  const entries = navEntries(SCREENS, me);
  const active = activeEntry(entries, location.pathname);
  return (
    <header className="navbar">
      <div className="navbar-inner">
        <Link to={PANEL_ROOT} className="navbar-brand" aria-label={t('nav.home')}>
          <BrandLogo logoUrl={me.customer?.logoUrl} name={me.customer?.name} />
        </Link>
        <button
          type="button"
          className="navbar-toggle"
          aria-expanded={open}
          aria-controls="navbar-collapse"
          aria-label={t('nav.toggle')}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon />
        </button>
        <div id="navbar-collapse" className={open ? 'navbar-collapse is-open' : 'navbar-collapse'}>
          <nav aria-label={t('nav.label')}>
            <ul className="nav-list" ref={listRef}>
              {entries.map((entry, index) => (
                <li key={entry.id} className={index < fit ? undefined : 'is-over'}>
                  <Link
                    to={navPath(entry.route)}
                    className={entry.id === active ? 'nav-link is-active' : 'nav-link'}
                    // In the More menu, its item is the current one.
                    aria-current={entry.id === active && index < fit ? 'page' : undefined}
                  >
                    {t(entry.nav.label)}
                  </Link>
                </li>
              ))}
            </ul>
            {loaded && (
              <Suspense fallback={null}>
                <NavMore listRef={listRef} entries={entries} active={active} fit={fit} onFit={setFit} />
              </Suspense>
            )}
          </nav>
          <div className="navbar-tools">
            <LanguageSwitcher />
            {me.type !== 'RECIPIENT' && <NotificationBell />}
            <UserMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
