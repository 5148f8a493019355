// The time zone of a customer without a valid TIME_ZONE and of a user of no customer (a SUPER_ADMIN): the server
// reads and writes their wall-clock times in it (src/server/platform/settings.ts, the TIME_ZONE setting's default),
// and so does the panel.
export const DEFAULT_TIME_ZONE = 'Europe/Warsaw';
