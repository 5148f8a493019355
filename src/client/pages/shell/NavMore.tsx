// The navigation's "More" menu: measures how many entries fit on the navbar's row and holds the others, in order, as
// a menu button (WAI-ARIA's menu button pattern with links): Enter, Space, a click or Down opens it on its first
// entry, Up on its last; Up, Down, Home, End and a letter move between entries; Escape closes it and returns to the button, Tab
// closes it and moves on. With nothing left over the button is not shown (kept measurable, out of sight and out of
// the accessibility tree). In the folded navigation of small screens every entry is in the list and the menu is off.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { navPath, type NavScreen } from '../../core/screens.ts';
import { menuItemFor } from '../../core/menuKeys.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import './NavMore.css';

export interface NavMoreProps {
  /** The navbar's row of entries; its parent is the navigation, whose width is the room. */
  listRef: RefObject<HTMLUListElement | null>;
  entries: readonly NavScreen[];
  /** Id of the entry of the current page. */
  active: string | undefined;
  /** How many entries the row shows now. */
  fit: number;
  onFit: (count: number) => void;
}

/** How many of the items, in order, fit in `room` px with `gap` between them, leaving `reserve` px (the More button). */
export function entriesThatFit(widths: readonly number[], gap: number, room: number, reserve: number): number {
  const needed = (count: number) => widths.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * Math.max(count - 1, 0);
  // Half a pixel of slack: the widths are rounded.
  if (needed(widths.length) <= room + 0.5) return widths.length;
  let count = widths.length - 1;
  while (count > 0 && needed(count) + gap + reserve > room + 0.5) count -= 1;
  return count;
}

export function NavMore({ listRef, entries, active, fit, onFit }: NavMoreProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const over = entries.slice(fit);
  // Other entries are other items to observe; compared by id, as the navbar makes a new array on every render.
  const ids = entries.map((entry) => entry.id).join(' ');

  // Measured before the browser paints, and again whenever the room or an entry's label changes size.
  useLayoutEffect(() => {
    const list = listRef.current;
    const nav = list?.parentElement;
    const more = rootRef.current;
    if (!list || !nav || !more) return;
    const measure = () => {
      const style = getComputedStyle(list);
      const items = Array.from(list.children) as HTMLElement[];
      if (style.flexDirection === 'column') return onFit(items.length);
      const gap = parseFloat(style.columnGap) || 0;
      onFit(entriesThatFit(items.map((item) => item.getBoundingClientRect().width), gap, nav.clientWidth, more.getBoundingClientRect().width));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const element of [nav, more, ...Array.from(list.children)]) observer.observe(element);
    return () => observer.disconnect();
  }, [listRef, ids, onFit]);

  // A pointer down outside closes the menu (following one of its links closes it too, below).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  useEffect(() => {
    if (over.length === 0) setOpen(false);
  }, [over.length]);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };
  /** Opens the menu and, once it shows, focuses its first (0) or last (-1) entry. */
  const openAt = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  // Enter and Space reach the button as its click.
  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') openAt(0);
    else if (event.key === 'ArrowUp') openAt(-1);
    else return;
    event.preventDefault();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const target = menuItemFor(all, all.indexOf(document.activeElement as HTMLElement), event);
    if (target) target.focus();
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') return close(false);
    else return;
    event.preventDefault();
  };

  const current = over.some((entry) => entry.id === active);
  return (
    <div ref={rootRef} className={over.length ? 'nav-more' : 'nav-more is-idle'}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={current ? 'nav-link nav-more-button is-active' : 'nav-link nav-more-button'}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {t('nav.more')}
        <ChevronDownIcon />
      </button>
      <ul ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} className="nav-more-menu" hidden={!open} onKeyDown={onMenuKey}>
        {over.map((entry) => (
          <li key={entry.id} role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              to={navPath(entry.route)}
              className={entry.id === active ? 'nav-more-item is-active' : 'nav-more-item'}
              aria-current={entry.id === active ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {t(entry.nav.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
