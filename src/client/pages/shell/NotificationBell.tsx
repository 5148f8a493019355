// The bell in the navbar: how many notifications are unread (999+ at most), and a drawer from the right listing
// them, newest first, each marked as read on its own or all at once. The count is read again every minute.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UNREAD_SHOWN_MAX, type NotificationList } from '../../../shared/notifications.ts';
import { api } from '../../core/api.ts';
import { localeOf } from '../../core/language.ts';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';

const KEY = ['notifications'];

export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<NotificationList>('/notification', { signal, failsInPlace: true }),
    refetchInterval: 60_000,
  });
  const unread = list.data?.unread ?? 0;
  const shown = unread > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : String(unread);
  const markRead = async (path: string) => {
    await api.post(path, undefined, { failsInPlace: true }).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: KEY });
  };
  const dates = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

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
        <Modal title={t('notificationCenter.title')} size="drawer" onClose={() => setOpen(false)}>
          {!list.data?.items.length ? (
            <p className="muted">{t('notificationCenter.empty')}</p>
          ) : (
            <>
              {unread > 0 && (
                <p>
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => void markRead('/notification/read')}>
                    {t('notificationCenter.markAllRead')}
                  </button>
                </p>
              )}
              <ul className="notification-list">
                {list.data.items.map((item) => (
                  <li key={item.id} className={item.read ? 'notification' : 'notification notification-unread'}>
                    <span className="notification-title">
                      {!item.read && <span className="visually-hidden">{t('notificationCenter.unread')}: </span>}
                      {t(`notifications.${item.kind}`, item.params)}
                    </span>
                    <span className="notification-meta">
                      <time dateTime={item.createdAt}>{dates.format(new Date(item.createdAt))}</time>
                      {!item.read && (
                        <button type="button" className="btn btn-link" onClick={() => void markRead(`/notification/${item.id}/read`)}>
                          {t('notificationCenter.markRead')}
                        </button>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Modal>
      )}
    </>
  );
}
