// The user's menu: remaining session time (mm:ss, every second), My profile, Sign out.
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../core/session.tsx';
import { useCountdown } from '../../core/useCountdown.ts';
import { ChevronDownIcon, UserIcon } from '../../ui/icons.tsx';
import { lazyWithReload } from '../../core/lazyWithReload.ts';

// Loaded when opened: it carries the password rules.
const MyProfileModal = lazyWithReload(() => import('./MyProfileModal.tsx'));

function SessionCountdown({ expiresIn }: { expiresIn: string }) {
  const { t } = useTranslation();
  const remaining = useCountdown(expiresIn);
  return (
    <p className="user-menu-countdown">
      {t('userMenu.sessionTime')} <time className="countdown">{remaining}</time>
    </p>
  );
}

export function UserMenu() {
  const { t } = useTranslation();
  const { me, signOut } = useSession();
  const [open, setOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Closing My profile returns focus to the menu button (the menu item that opened it is hidden).
  const profileWasOpen = useRef(false);
  useEffect(() => {
    if (profileWasOpen.current && !profileOpen) buttonRef.current?.focus();
    profileWasOpen.current = profileOpen;
  }, [profileOpen]);

  if (!me) return null;
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
      <div id={menuId} className="user-menu-panel" hidden={!open}>
        <SessionCountdown expiresIn={me.expiresIn} />
        <ul className="user-menu-list">
          <li>
            <button
              type="button"
              className="user-menu-item"
              onClick={() => {
                setOpen(false);
                setProfileOpen(true);
              }}
            >
              {t('userMenu.myProfile')}
            </button>
          </li>
          <li>
            <button
              type="button"
              className="user-menu-item"
              disabled={signingOut}
              onClick={() => {
                setSigningOut(true);
                void signOut();
              }}
            >
              {t('userMenu.signOut')}
            </button>
          </li>
        </ul>
      </div>
      {profileOpen && (
        <Suspense fallback={null}>
          <MyProfileModal onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
