// The barcode pay-in page's contract (/{customerUrl}/payin): a customer's payers bring cash to a counter that scans
// the page's Code 128 barcode, and the money tops up the customer's account the barcode names. Defined once for the
// server and the page.
import type { PayinPageForm } from './generated/forms.ts';

/**
 * The page's settings (the spec's barcode pay-in page settings), stored per customer in `settings` under these keys,
 * and edited as one form (GET/PUT /api/payout/collection/payin/settings). accountId chooses the account whose
 * reference the page shows (unset: the customer's oldest account).
 */
export const PAYIN_PAGE_FIELDS = {
  accountId: 'PAYIN_ACCOUNT_ID',
  logo: 'PAYIN_LOGO',
  webTitle: 'PAYIN_WEB_TITLE',
  favicon: 'PAYIN_FAVICON',
  instructionLink: 'PAYIN_INSTRUCTION_LINK',
  supportLinkText: 'PAYIN_SUPPORT_LINK_TEXT',
  supportLink: 'PAYIN_SUPPORT_LINK',
  pointsRankingLinkText: 'PAYIN_POINTS_RANKING_LINK_TEXT',
  pointsRankingLink: 'PAYIN_POINTS_RANKING_LINK',
} as const;
export type PayinPageField = keyof typeof PAYIN_PAGE_FIELDS;
/** The form's body (schemas/forms/payin-page.json): one field per setting key. */
export type PayinPageSettings = PayinPageForm;

/** The settings that hold an image, and whether it is the favicon (a PNG of 16x16 or 32x32 px, at most 1 KB). */
export const PAYIN_PAGE_IMAGES: Partial<Record<PayinPageField, { favicon: boolean }>> = {
  favicon: { favicon: true },
  logo: { favicon: false },
};

/** The page's last path segment: no program may take it as its url (src/shared/programs.ts). */
export const PAYIN_SEGMENT = 'payin';

/**
 * GET /api/payout/collection/payin?customerUrl (public): what the page shows, and nothing else. reference is null
 * while the customer has no account.
 */
export interface PayinPage {
  customerName: string;
  /** The account's pay-in reference: the barcode's whole content. */
  reference: string | null;
  /** The account's currency: the amount field's. */
  currency: string | null;
  logo: string | null;
  webTitle: string | null;
  favicon: string | null;
  primaryColor: string | null;
  instructionLink: string | null;
  supportLinkText: string | null;
  supportLink: string | null;
  pointsRankingLinkText: string | null;
  pointsRankingLink: string | null;
}
