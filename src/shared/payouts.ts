// The payout contract, used by the server's payouts area and by the panel: statuses, the one transition
// table (DESIGN.md), what each transition does to the money, sources and the list's shape.
// Amounts are integers in thousandths of the currency unit (src/shared/money.ts converts them).
import type { PayoutForm, PayoutStatusForm } from './generated/forms.ts';
import type { ActorKind } from './audit.ts';

export const PAYOUT_STATUSES = [
  'TO_APPROVE',
  'TO_COLLECT',
  'SUSPENDED',
  'CANCELLED',
  'EXPIRED',
  'COLLECTED_ON_PAGE',
  'TRANSFER_FILE_GENERATED',
  'COMPLETED_SUCCESSFULLY',
  'RETURNED',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_SOURCES = ['MANUAL', 'FROM_FILE', 'API'] as const;
export type PayoutSource = (typeof PAYOUT_SOURCES)[number];

/**
 * Allowed transitions (DESIGN.md). EXPIRED is reached only by the expiry job, COLLECTED_ON_PAGE only by the
 * recipient on the collection page, TRANSFER_FILE_GENERATED and later only by settlement: see `MANUAL_TARGETS`.
 */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  TO_APPROVE: ['TO_COLLECT', 'CANCELLED'],
  TO_COLLECT: ['SUSPENDED', 'CANCELLED', 'EXPIRED', 'COLLECTED_ON_PAGE'],
  SUSPENDED: ['TO_COLLECT', 'CANCELLED', 'EXPIRED'],
  CANCELLED: [],
  EXPIRED: [],
  COLLECTED_ON_PAGE: ['TRANSFER_FILE_GENERATED'],
  TRANSFER_FILE_GENERATED: ['COMPLETED_SUCCESSFULLY', 'RETURNED'],
  COMPLETED_SUCCESSFULLY: [],
  RETURNED: [],
};

/** The statuses a panel user may set (by a row action or the bulk change); the others follow from events. */
export const MANUAL_TARGETS = ['TO_COLLECT', 'SUSPENDED', 'CANCELLED'] as const satisfies readonly PayoutStatus[];
export type ManualTarget = (typeof MANUAL_TARGETS)[number];

/** The spec's non-editable statuses; through the integration API, TO_APPROVE too. */
export const NON_EDITABLE_STATUSES: readonly PayoutStatus[] = [
  'CANCELLED',
  'EXPIRED',
  'COLLECTED_ON_PAGE',
  'TRANSFER_FILE_GENERATED',
  'COMPLETED_SUCCESSFULLY',
  'RETURNED',
];
export const NON_EDITABLE_STATUSES_FOR_API: readonly PayoutStatus[] = [...NON_EDITABLE_STATUSES, 'TO_APPROVE'];

/** Whether a payout in `status` may be changed by its caller: a panel user, or an integration API key (`viaApi`). */
export function isEditable(status: PayoutStatus, viaApi: boolean): boolean {
  return !(viaApi ? NON_EDITABLE_STATUSES_FOR_API : NON_EDITABLE_STATUSES).includes(status);
}

/**
 * The messages a move may send (DESIGN.md): an SMS to the payout's recipient, or a panel notification to its
 * customer's admins. YOU_HAVE_A_PAYOUT is the customer's PAYOUT_SMS_NOTIFICATION_MESSAGE ("You have a payout …
 * Collect it by …") or the payout's own text; PAYOUT_COLLECTED the collected-payouts SMS, sent while the customer has
 * PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_ENABLED on; PAYOUTS_EXPIRED tells the admins how many expired.
 */
export const PAYOUT_MESSAGES = {
  YOU_HAVE_A_PAYOUT: 'RECIPIENT',
  PAYOUT_COLLECTED: 'RECIPIENT',
  PAYOUTS_EXPIRED: 'ADMINS',
} as const satisfies Record<string, 'RECIPIENT' | 'ADMINS'>;
export type PayoutMessage = keyof typeof PAYOUT_MESSAGES;

/**
 * Which messages each transition of PAYOUT_TRANSITIONS sends ([]: none). Only a move into TO_COLLECT that makes a
 * payout collectable for the first time (an approval) tells the recipient "You have a payout"; resuming does not,
 * since SUSPENDED is reached only from TO_COLLECT, whose recipient was told then. A new payout's own message
 * (creation in TO_COLLECT) is sent by its creation.
 */
export const PAYOUT_TRANSITION_MESSAGES: { readonly [From in PayoutStatus]: { readonly [To in PayoutStatus]?: readonly PayoutMessage[] } } = {
  TO_APPROVE: { TO_COLLECT: ['YOU_HAVE_A_PAYOUT'], CANCELLED: [] },
  TO_COLLECT: { SUSPENDED: [], CANCELLED: [], EXPIRED: ['PAYOUTS_EXPIRED'], COLLECTED_ON_PAGE: ['PAYOUT_COLLECTED'] },
  SUSPENDED: { TO_COLLECT: [], CANCELLED: [], EXPIRED: ['PAYOUTS_EXPIRED'] },
  CANCELLED: {},
  EXPIRED: {},
  COLLECTED_ON_PAGE: { TRANSFER_FILE_GENERATED: [] },
  TRANSFER_FILE_GENERATED: { COMPLETED_SUCCESSFULLY: [], RETURNED: [] },
  COMPLETED_SUCCESSFULLY: {},
  RETURNED: {},
};

/** The messages a move from `from` to `to` sends. */
export function transitionMessages(from: PayoutStatus, to: PayoutStatus): readonly PayoutMessage[] {
  return PAYOUT_TRANSITION_MESSAGES[from][to] ?? [];
}

export function canTransition(from: PayoutStatus, to: PayoutStatus): boolean {
  return PAYOUT_TRANSITIONS[from].includes(to);
}

/** The statuses a payout may leave for `to` (the bulk change's source statuses). */
export function sourcesOf(to: PayoutStatus): PayoutStatus[] {
  return PAYOUT_STATUSES.filter((from) => canTransition(from, to));
}

/**
 * What a transition does to the payout's money on its account (src/server/ledger/payoutFunds.ts):
 * UNLOCK gives the blocked amount back to the available funds, RELEASE takes it out (settled), null moves nothing.
 */
export function fundsEffect(to: PayoutStatus): 'UNLOCK' | 'RELEASE' | null {
  if (to === 'CANCELLED' || to === 'EXPIRED' || to === 'RETURNED') return 'UNLOCK';
  if (to === 'COMPLETED_SUCCESSFULLY') return 'RELEASE';
  return null;
}

/**
 * The "Paid" label (docs/decisions.md): a payout whose money has reached its recipient's bank account, i.e. whose
 * transfer batch the bank carried out (COMPLETED_SUCCESSFULLY). Derived, never stored: the status stays as it is and
 * the history, the filters and the integration API keep naming it; the list, the details, the report and the
 * dashboard show the label. The one rule; the server's SQL (areas/payouts/resource.ts) is built from PAID_STATUSES.
 */
export const PAID_STATUSES = ['COMPLETED_SUCCESSFULLY'] as const satisfies readonly PayoutStatus[];
export const PAYOUT_LABELS = [...PAYOUT_STATUSES, 'PAID'] as const;
export type PayoutLabel = (typeof PAYOUT_LABELS)[number];

/** What the panel shows for a payout in `status`: PAID for a paid one, its status otherwise. */
export function payoutLabel(status: PayoutStatus): PayoutLabel {
  return (PAID_STATUSES as readonly PayoutStatus[]).includes(status) ? 'PAID' : status;
}

/** Statuses whose payouts do not count towards a program's used budget or a recipient's limits. */
export const NOT_COUNTED_STATUSES: readonly PayoutStatus[] = ['CANCELLED', 'EXPIRED', 'RETURNED'];

/** The statuses in which a reminder SMS may be sent by hand. */
export const REMINDER_STATUSES: readonly PayoutStatus[] = ['TO_COLLECT'];

/** The SMS message variables of payout messages (spec: PROGRAM_NAME, PAYOUT_REFERENCE, ...). */
export const PAYOUT_SMS_VARIABLES = ['PROGRAM_NAME', 'PAYOUT_REFERENCE', 'PAYOUT_AMOUNT', 'PAYOUT_COLLECTION_URL', 'PAYOUT_END_DATE'] as const;
export type PayoutSmsVariable = (typeof PAYOUT_SMS_VARIABLES)[number];

/** One payout as the list and the details answer it. */
export interface Payout {
  id: number;
  reference: string;
  status: PayoutStatus;
  /** payoutLabel(status): what the panel shows in the status column. */
  label: PayoutLabel;
  source: PayoutSource;
  amount: number;
  currency: string;
  title: string | null;
  smsMessage: string | null;
  startDate: string;
  endDate: string;
  createdAt: string;
  collectedAt: string | null;
  accountId: number;
  accountName: string;
  programId: number;
  programName: string;
  recipientId: number;
  recipientName: string;
  recipientPhoneNumber: string;
  recipientEmail: string | null;
  recipientLastLoginAt: string | null;
  customerId: number;
}

/** One entry of a payout's status history. */
export interface PayoutStatusChange {
  from: PayoutStatus | null;
  to: PayoutStatus;
  at: string;
  /** Who changed it: a staff user's login, a recipient's name, or null for the system (expiry). */
  by: string | null;
  /** Which kind of actor that was (a recipient collecting, a staff user, the system). */
  byKind: ActorKind;
}

/** POST /api/payout: a new payout. The recipient is an existing one (recipientId) or a new one by phone. */
export type CreatePayoutBody = PayoutForm;

/**
 * PUT /api/payout/status: the bulk (and single) status change. `ids` names the rows; without it, every payout
 * matching `options` (the list's filters, at least one status among them). Without `confirm` nothing changes
 * and the answer says how many would: the spec's "only N of M will be updated".
 */
export type StatusChangeBody = PayoutStatusForm;

export interface StatusChangeAnswer {
  /** Payouts the request names (selected, or matching the filters). */
  matching: number;
  /** Of them, those that can move to the target status. */
  changeable: number;
  /** Those that moved (0 without confirm). */
  updated: number;
}

/** GET /api/payout/summary/status: per status and currency, the number and sum of payouts created in the period. */
export interface PayoutStatusSummaryRow {
  status: PayoutStatus;
  currency: string;
  count: number;
  amount: number;
}
