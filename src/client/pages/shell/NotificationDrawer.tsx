// The notifications drawer (NotificationBell.tsx opens it): the notifications from the right, newest first, each
// marked as read on its own or all at once. Their times are of the customer's zone, which the drawer names.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NotificationList } from '../../../shared/notifications.ts';
import { api } from '../../core/api.ts';
import { localeOf } from '../../core/language.ts';
import { usePanelTimeZone } from '../../core/timeZone.ts';
import { Modal } from '../../ui/Modal.tsx';
import { NOTIFICATIONS_KEY } from './notificationsKey.ts';

export function NotificationDrawer({ list, onClose }: { list: NotificationList | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const unread = list?.unread ?? 0;
  const markRead = async (path: string) => {
    await api.post(path, undefined, { failsInPlace: true }).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
  const timeZone = usePanelTimeZone();
  const dates = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short', timeZone });

  return (
    <Modal title={t('notificationCenter.title')} size="drawer" onClose={onClose}>
      {!list?.items.length ? (
        <p className="muted">{t('notificationCenter.empty')}</p>
      ) : (
        <>
          <p className="muted">{t('common.timesIn', { timeZone })}</p>
          {unread > 0 && (
            <p>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => void markRead('/notification/read')}>
                {t('notificationCenter.markAllRead')}
              </button>
            </p>
          )}
          <ul className="notification-list">
            {list.items.map((item) => (
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
  );
}
