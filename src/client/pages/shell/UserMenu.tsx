// The user's menu button in the navbar. Its panel (UserMenuPanel.tsx) loads after the panel's first paint; a click
// that comes first opens it when it is in.
import { Suspense, useCallback, useId, useRef, useState } from 'react';
import { useSession } from '../../core/session.tsx';
import { useLoadedAfterPaint } from '../../core/afterPaint.ts';
import { ChevronDownIcon, UserIcon } from '../../ui/icons.tsx';
import { navbarPartsChunk, UserMenuPanel } from './navbarChunk.ts';

export function UserMenu() {
  const { me } = useSession();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const loaded = useLoadedAfterPaint(navbarPartsChunk);
  const close = useCallback(() => setOpen(false), []);

  if (!me) return null;
  // The panel's place until its code is in: the button's aria-controls always names an element.
  const placeholder = <div id={menuId} className="user-menu-panel" hidden />;
  const name = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.login;

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon />
        <span>{name}</span>
        <ChevronDownIcon />
      </button>
      {loaded || open ? (
        <Suspense fallback={placeholder}>
          <UserMenuPanel id={menuId} open={open} onClose={close} rootRef={rootRef} buttonRef={buttonRef} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
