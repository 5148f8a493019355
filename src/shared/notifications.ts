// In-panel notifications (the spec's notification: id, title, read, createdAt). The title is a text of the panel
// (`notifications.<kind>` in locales/*/common.json) filled with `params`; `title` is its English text for API callers.

export const NOTIFICATION_KINDS = ['importFinished', 'payoutsExpired', 'webhookFailing', 'ledgerDiscrepancy'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface Notification {
  id: number;
  kind: NotificationKind;
  params: Record<string, string | number>;
  title: string;
  read: boolean;
  createdAt: string;
}

/** GET /api/notification: the newest first, and how many are unread (the bell shows at most 999+). */
export interface NotificationList {
  items: Notification[];
  unread: number;
}

export const UNREAD_SHOWN_MAX = 999;
