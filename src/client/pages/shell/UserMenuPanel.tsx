// The user menu's panel (UserMenu.tsx holds its button): remaining session time (mm:ss, every second), My profile,
// Sign out.
import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../core/session.tsx';
import { useCountdown } from '../../core/useCountdown.ts';
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

export interface UserMenuPanelProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The menu with its button: a pointer down outside it closes the menu. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** Escape, and the end of My profile, return focus here. */
  buttonRef: RefObject<HTMLButtonElement | null>;
}

export function UserMenuPanel({ id, open, onClose, rootRef, buttonRef }: UserMenuPanelProps) {
  const { t } = useTranslation();
  const { me, signOut } = useSession();
  const [profileOpen, setProfileOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose, rootRef, buttonRef]);

  // Closing My profile returns focus to the menu button (the menu item that opened it is hidden).
  const profileWasOpen = useRef(false);
  useEffect(() => {
    if (profileWasOpen.current && !profileOpen) buttonRef.current?.focus();
    profileWasOpen.current = profileOpen;
  }, [profileOpen, buttonRef]);

  if (!me) return null;
  return (
    <>
      <div id={id} className="user-menu-panel" hidden={!open}>
        <SessionCountdown expiresIn={me.expiresIn} />
        <ul className="user-menu-list">
          <li>
            <button
              type="button"
              className="user-menu-item"
              onClick={() => {
                onClose();
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
    </>
  );
}
