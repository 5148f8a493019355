// The bell in the navbar: how many notifications are unread (999+ at most), read again every minute. Its drawer
// (NotificationDrawer.tsx) loads after the panel's first paint; a click that comes first opens it when it is in.
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNREAD_SHOWN_MAX, type NotificationList } from '../../../shared/notifications.ts';
import { api } from '../../core/api.ts';
import { BellIcon } from '../../ui/icons.tsx';
import { NotificationDrawer } from './navbarChunk.ts';
import { NOTIFICATIONS_KEY } from './notificationsKey.ts';

export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const list = useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => api.get<NotificationList>('/notification', { signal, failsInPlace: true }),
    refetchInterval: 60_000,
  });
  const unread = list.data?.unread ?? 0;
  const shown = unread > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : String(unread);

  return (
    <>
      <button type="button" className="bell" aria-label={unread ? t('notificationCenter.bell', { count: shown }) : t('notificationCenter.bellNone')} onClick={() => setOpen(true)}>
        <BellIcon />
        {unread > 0 && (
          <span className="bell-count" aria-hidden="true">
            {shown}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationDrawer list={list.data} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
