/** The notifications' query: the bell reads it every minute, the drawer reads it again after marking. */
export const NOTIFICATIONS_KEY = ['notifications'];
