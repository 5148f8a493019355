// How a customer's users sign in: user name and password (an unknown device confirms an SMS code), user name and an
// SMS code, or phone number and an SMS code. The server's default is LOGIN_VARIANT; a customer may set its own.
export const LOGIN_VARIANTS = ['LOGIN_PASSWORD', 'LOGIN', 'PHONE'] as const;
export type LoginVariant = (typeof LOGIN_VARIANTS)[number];
