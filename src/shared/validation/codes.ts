// Validation error codes. The server sends them in validationErrors; both locales carry a message for each
// (locales/{en,pl}/validation.json, keyed by code).

/** Codes of the server error catalogue (spec 001, section 8), word for word. */
export const CATALOGUE_CODES = [
  'REQUIRED',
  'INVALID_NUMBER',
  'INVALID_BOOLEAN',
  'INVALID_ENUM',
  'INVALID_ARRAY',
  'INVALID_PHONE_NUMBER',
  'INVALID_EMAIL',
  'INVALID_DATE',
  'INVALID_DATE_STRING',
  'INVALID_MIN_LENGTH',
  'INVALID_MAX_LENGTH',
  'INVALID_MIN_VALUE',
  'INVALID_MAX_VALUE',
  'ARRAY_IS_EMPTY',
  'INVALID_VALUE',
  'ARRAY_OR_OBJECT_REQUIRED',
  'VALIDATION_ERROR',
  'VALUE_NOT_MATCH',
  'INVALID_MIN_DATE',
  'INVALID_MAX_DATE',
  'INVALID_MILIBILLION_VALUE',
  'INVALID_BILLON_USER_NAME',
  'INVALID_IBAN',
  'INVALID_SORT_CODE',
  'INVALID_LAST_NAME',
  'INVALID_TIN',
  'INVALID_SMS_CONTENT_LENGTH',
  'ONLY_LETTERS_REQUIRED',
  'INVALID_CURRENT_PASSWORD',
  'INVALID_TRANSFER_FIELD',
  'INVALID_FIRST_LAST_NAME',
  'USER_NOT_FOUND',
  'INVALID_USER_EMAIL',
  'INVALID_USER_LOGIN',
  'INVALID_USER_PASSWORD',
  'INVALID_USER_TYPE',
  'CUSTOMER_NOT_FOUND',
  'INVALID_CUSTOMER_NAME',
  'INVALID_CUSTOMER_URL',
] as const;

/**
 * Codes the catalogue does not have. They are added because the spec names the rule (and sometimes its message)
 * without giving a code: sender name, URL, postal code, forbidden characters, file upload errors, ...
 */
export const ADDED_CODES = [
  'INVALID_SENDER_NAME',
  'INVALID_TIME_ZONE',
  'INVALID_DOMAIN_NAME',
  'INVALID_URL',
  'INVALID_WEBHOOK_URL',
  'INVALID_POSTAL_CODE',
  'FORBIDDEN_CHARACTERS',
  'INVALID_AMOUNT',
  'ONLY_DIGITS_REQUIRED',
  'INVALID_TWO_DIGITS',
  'INVALID_INDUSTRY_CODE',
  'INVALID_CUSTOM_LINK',
  'INVALID_BENEFICIARY_NAME',
  'INVALID_PESEL',
  'INVALID_REGON',
  'INVALID_GENDER',
  'FILE_FORMAT_INVALID',
  'UNREADABLE_FILE',
  'FILE_TOO_LARGE',
  'INVALID_FAVICON',
  // Uniqueness and business checks the server reports under the field concerned.
  'LOGIN_TAKEN',
  'EMAIL_TAKEN',
  'CUSTOMER_NAME_TAKEN',
  'CUSTOMER_URL_TAKEN',
  'RECIPIENT_PHONE_TAKEN',
  'BILLON_USER_NAME_TAKEN',
  'PROGRAM_NAME_TAKEN',
  'PROGRAM_URL_TAKEN',
  'BUDGET_BELOW_USED',
  'HUMAN_TASK_ID_HASH_TAKEN',
  'CUSTOM_DOMAIN_NAME_TAKEN',
  'INVALID_LIMITS_ORDER',
  'VERIFICATION_MESSAGE_WITHOUT_CODE',
  'PERMISSION_NOT_HELD',
  'PROGRAM_URL_RESERVED',
  'CUSTOMER_URL_RESERVED',
  // A field refers to a row (by id) that does not exist.
  'REFERENCE_NOT_FOUND',
] as const;

type CatalogueCode = (typeof CATALOGUE_CODES)[number];
type AddedCode = (typeof ADDED_CODES)[number];
export type ValidationCode = CatalogueCode | AddedCode;

export const ALL_CODES: readonly ValidationCode[] = [...CATALOGUE_CODES, ...ADDED_CODES];
