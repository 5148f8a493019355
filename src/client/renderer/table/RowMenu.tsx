// The menu of a row's actions (RowActions.tsx opens it), as WAI-ARIA's menu button pattern has it: focus starts on
// the first item (the last with Arrow Up), Arrow keys move round the items, Home and End go to the ends, a letter to
// the next item starting with it; Enter or Space runs an item; Escape closes the menu and puts focus back on its
// button; Tab closes it and moves on from the button; a click elsewhere closes it. Route actions are links (a plain
// click stays in the app, as a <Link>'s; others are the browser's), api actions buttons opening the confirm flow;
// focus goes back to the button first, so that the flow's dialog returns it there. The menu is fixed to the window
// beside its button, so that the table's scrolling box does not clip it.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isInAppClick } from '../../core/inAppClick.ts';
import { menuItemFor } from '../../core/menuKeys.ts';
import { BASENAME } from '../../core/sessionPaths.ts';
import type { Action } from '../descriptors.ts';
import { matchesRow } from './actions.ts';
import { actionHref } from './actionTargets.ts';
import type { Row } from './format.ts';
import type { LabelledAction } from './RowActions.tsx';
import './RowMenu.css';

/** The space between the button and the menu, and the least between the menu and the window's edge. */
const GAP = 4;

interface RowMenuProps {
  buttonId: string;
  /** The actions the user may run; the menu offers those the row's `when` allows. */
  actions: LabelledAction[];
  row: Row;
  /** Focus starts on the last item. */
  last: boolean;
  onClose: () => void;
  onRun: (action: Action, row: Row) => void;
}

/** Below the button, its right edges aligned; above it where the window has no room below. */
function placeBeside(button: DOMRect, menu: HTMLElement): { top: number; left: number } {
  const below = button.bottom + GAP + menu.offsetHeight <= window.innerHeight;
  return {
    top: below ? button.bottom + GAP : Math.max(GAP, button.top - GAP - menu.offsetHeight),
    left: Math.max(GAP, Math.min(button.right - menu.offsetWidth, window.innerWidth - GAP - menu.offsetWidth)),
  };
}

export function RowMenu({ buttonId, actions, row, last, onClose, onRun }: RowMenuProps) {
  const navigate = useNavigate();
  const menu = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const button = () => document.getElementById(buttonId);
  const menuItems = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const backToButton = () => {
    button()?.focus();
    close.current();
  };

  // Placed before the first paint, and again as the page scrolls or the window changes size.
  useLayoutEffect(() => {
    const follow = () => {
      const anchor = button();
      if (anchor && menu.current) setPlace(placeBeside(anchor.getBoundingClientRect(), menu.current));
    };
    follow();
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, []);

  // Focus moves in once the menu is placed (a hidden element takes no focus).
  const placed = place !== null;
  useEffect(() => {
    if (placed) menuItems().at(last ? -1 : 0)?.focus();
  }, [placed]);

  // A press outside the menu and its button closes it (the button's own click toggles it).
  useEffect(() => {
    const onPress = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button()?.contains(target)) close.current();
    };
    document.addEventListener('pointerdown', onPress, true);
    return () => document.removeEventListener('pointerdown', onPress, true);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const list = menuItems();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const target = menuItemFor(list, index, event);
    if (target) {
      event.preventDefault();
      return target.focus();
    }
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        return backToButton();
      case 'Tab':
        // Not prevented: the browser moves focus on from the button.
        return backToButton();
      case ' ':
        // A link takes no Space of its own; a button's would come on key up, after the menu is gone.
        event.preventDefault();
        return list[index]?.click();
    }
  };

  return (
    <div
      ref={menu}
      id={`${buttonId}-menu`}
      role="menu"
      aria-labelledby={buttonId}
      className="row-menu"
      style={place ?? { visibility: 'hidden' }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const to = event.relatedTarget;
        if (to && !menu.current?.contains(to) && to !== button()) close.current();
      }}
    >
      {actions.filter(({ action }) => matchesRow(action, row)).map(({ action, label }) => {
        const className = `row-menu-item row-menu-item-${action.variant ?? 'secondary'}`;
        if (action.route) {
          const href = actionHref(action, row);
          return (
            <a
              key={action.id}
              role="menuitem"
              tabIndex={-1}
              className={className}
              href={BASENAME + href}
              onClick={(event) => {
                close.current();
                if (!isInAppClick(event)) return;
                event.preventDefault();
                void navigate(href);
              }}
            >
              {label}
            </a>
          );
        }
        return (
          <button
            key={action.id}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={className}
            onClick={() => {
              backToButton();
              onRun(action, row);
            }}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
