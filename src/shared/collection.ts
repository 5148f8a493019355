// The collection page's contract (the recipient's side of payouts), defined once for the server and the page.
import type { PayoutStatus } from './payouts.ts';
import type { BankAccountForm, CollectForm, RecipientAuthenticateForm, RecipientLoginForm } from './generated/forms.ts';

/** How long a recipient's session lasts: the wizard takes minutes, and the page is often opened on a shared phone. */
export const RECIPIENT_SESSION_TTL_SECONDS = 15 * 60;

/** What a recipient has collected: the statuses that count towards its limits at collection. */
export const COLLECTED_STATUSES: readonly PayoutStatus[] = ['COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED', 'COMPLETED_SUCCESSFULLY'];

/** The sign-in's programUrl names the program of the page's address: the session then sees that program's payouts only. */
export type RecipientLoginBody = RecipientLoginForm;

export type RecipientAuthenticateBody = RecipientAuthenticateForm;

/** A payout the recipient may collect now (GET /api/payout/collection). Amounts in thousandths. */
export interface CollectablePayout {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  title: string | null;
  programName: string;
  /** ISO instant. */
  endDate: string;
}

/**
 * GET /api/payout/collection: the payouts, and the customer's TIME_ZONE, in which the page shows their end dates (the
 * wall clock of the SMS's {PAYOUT_END_DATE}).
 */
export interface CollectablePayouts {
  items: CollectablePayout[];
  numberOfRecords: number;
  timeZone: string;
}

/** onlyFitting: collect only those the limits allow (after a COLLECTION_LIMIT_SOME answer named them). */
export type CollectBody = CollectForm;

export interface CollectAnswer {
  collected: number;
  ids: number[];
}

export const BENEFICIARY_TYPES = ['INDIVIDUAL', 'COMPANY'] as const;

/** The collection page's header (a title or the logo) and background (an image or a colour). */
export const COLLECTION_HEADER_TYPES = ['TITLE', 'LOGO'] as const;
export const COLLECTION_BACKGROUND_TYPES = ['IMAGE', 'COLOR'] as const;
export type BeneficiaryType = (typeof BENEFICIARY_TYPES)[number];

/** The bank details a payment route may require (GET /api/paymentRoutes/requiredFields names them so). */
const BANK_DETAILS = ['iban', 'BIC', 'sortCode', 'accountNumber', 'routingCode', 'beneficiaryName'] as const;
export type BankDetail = (typeof BANK_DETAILS)[number];

/** The body of a new bank account (forms/bank-account); its currency is the payouts', read as text from their rows. */
export type NewBankAccount = Omit<BankAccountForm, 'currency'> & { currency: string };

export type BankAccount = NewBankAccount & {
  id: number;
  channel: string;
  createdAt: string;
};

/**
 * The collection page's settings (the spec's collection page settings), stored per customer and per program under
 * these keys; a program's value wins over its customer's, and an unset one is null in the template properties, for
 * which the page shows its own text in the visitor's language (the spec's defaults: COLLECTION_PAGE_DEFAULTS).
 */
export const COLLECTION_PAGE_SETTINGS = [
  'COLLECTION_FAVICON',
  'COLLECTION_WEB_TITLE',
  'COLLECTION_BACKGROUND_TYPE',
  'COLLECTION_BACKGROUND_IMAGE',
  'COLLECTION_BACKGROUND_COLOR',
  'COLLECTION_HEADER_TYPE',
  'COLLECTION_TITLE',
  'COLLECTION_LOGO',
  'COLLECTION_HEADER_LINK',
  'COLLECTION_SUPPORT_LINK_TEXT',
  'COLLECTION_SUPPORT_LINK',
  'COLLECTION_NO_PAYOUTS_MESSAGE',
  'COLLECTION_SELECT_PAYOUTS_TITLE',
  'COLLECTION_SUCCESS_MESSAGE',
  'COLLECTION_PAGE_TITLE',
  'COLLECTION_PRIMARY_COLOR',
] as const;
export type CollectionPageSetting = (typeof COLLECTION_PAGE_SETTINGS)[number];

/**
 * The collection page's settings as the panel edits them (GET/PUT /api/payout/collection/settings, and
 * /settings/program/{id} for a program): one field per setting key. An empty text clears a setting (the customer's or
 * the default then applies); an image is a data URL when newly uploaded, else the address the server gave it.
 */
export const COLLECTION_PAGE_FIELDS = {
  favicon: 'COLLECTION_FAVICON',
  webTitle: 'COLLECTION_WEB_TITLE',
  backgroundType: 'COLLECTION_BACKGROUND_TYPE',
  backgroundImage: 'COLLECTION_BACKGROUND_IMAGE',
  backgroundColor: 'COLLECTION_BACKGROUND_COLOR',
  headerType: 'COLLECTION_HEADER_TYPE',
  title: 'COLLECTION_TITLE',
  logo: 'COLLECTION_LOGO',
  headerLink: 'COLLECTION_HEADER_LINK',
  supportLinkText: 'COLLECTION_SUPPORT_LINK_TEXT',
  supportLink: 'COLLECTION_SUPPORT_LINK',
  noPayoutsMessage: 'COLLECTION_NO_PAYOUTS_MESSAGE',
  selectPayoutsTitle: 'COLLECTION_SELECT_PAYOUTS_TITLE',
  successMessage: 'COLLECTION_SUCCESS_MESSAGE',
  pageTitle: 'COLLECTION_PAGE_TITLE',
  primaryColor: 'COLLECTION_PRIMARY_COLOR',
} as const satisfies Record<string, CollectionPageSetting>;
export type CollectionPageField = keyof typeof COLLECTION_PAGE_FIELDS;
export type CollectionPageSettings = Partial<Record<CollectionPageField, string>>;

/** The settings that hold an image, and whether it is the favicon (a PNG of 16x16 or 32x32 px, at most 1 KB). */
export const COLLECTION_PAGE_IMAGES: Partial<Record<CollectionPageField, { favicon: boolean }>> = {
  favicon: { favicon: true },
  backgroundImage: { favicon: false },
  logo: { favicon: false },
};

/** The spec's default texts, in English (the page has them in both languages). */
const COLLECTION_PAGE_DEFAULTS: Partial<Record<CollectionPageSetting, string>> = {
  COLLECTION_PAGE_TITLE: 'Collect your payout',
  COLLECTION_SELECT_PAYOUTS_TITLE: 'Select the payout or payouts you would like to collect.',
  COLLECTION_SUCCESS_MESSAGE: 'Thank you for using our services.',
  COLLECTION_SUPPORT_LINK_TEXT: 'Do you need help?',
  COLLECTION_NO_PAYOUTS_MESSAGE: "You don't have any payouts to collect.",
};

/** GET /api/payout/collection/templateProperties: the page's look and texts for its address. */
export interface TemplateProperties {
  /** The customer and program the page's address names (on a custom domain the customer is implied): what the
   * sign-in calls take. */
  customerUrl: string;
  programUrl: string | null;
  /** Where recipients write when the page cannot go on (the spec's contact message). */
  supportEmail: string;
  customerName: string;
  programName: string | null;
  favicon: string | null;
  webTitle: string | null;
  backgroundType: (typeof COLLECTION_BACKGROUND_TYPES)[number] | null;
  backgroundImage: string | null;
  backgroundColor: string | null;
  headerType: (typeof COLLECTION_HEADER_TYPES)[number] | null;
  title: string | null;
  logo: string | null;
  headerLink: string | null;
  supportLinkText: string | null;
  supportLink: string | null;
  noPayoutsMessage: string | null;
  selectPayoutsTitle: string | null;
  successMessage: string | null;
  pageTitle: string | null;
  primaryColor: string | null;
}

/** GET /api/payout/collection/urls: where a customer's recipients collect, for staff to share. */
export interface CollectionUrls {
  customer: string;
  /** The customer's own domain (CUSTOM_DOMAIN_NAME), when it has one. */
  customDomain: string | null;
  programs: { programId: number; name: string; url: string }[];
}
