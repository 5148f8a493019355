// How a customer's users sign in: user name and password (an unknown device confirms an SMS code), user name and an
// SMS code, or phone number and an SMS code. The server's default is LOGIN_VARIANT; a customer may set its own.
export const LOGIN_VARIANTS = ['LOGIN_PASSWORD', 'LOGIN', 'PHONE'] as const;
export type LoginVariant = (typeof LOGIN_VARIANTS)[number];

// The languages a customer's SMS and e-mails are written in (the customer setting MESSAGES_LANGUAGE); the default
// texts of each are locales/<language>/messages.json.
export const MESSAGE_LANGUAGES = ['pl', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** The settings holding an SMS or e-mail text: a saved one is the customer's (or, for codes, the operator's) own. */
export const MESSAGE_TEXT_KEYS = [
  'SMS_VERIFICATION_CODE_MESSAGE',
  'EMAIL_VERIFICATION_CODE_MESSAGE',
  'PAYOUT_SMS_NOTIFICATION_MESSAGE',
  'PAYOUT_SMS_REMINDER_MESSAGE',
  'PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_MESSAGE',
] as const;
export type MessageTextKey = (typeof MESSAGE_TEXT_KEYS)[number];
