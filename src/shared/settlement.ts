// Settlement: collected payouts become bank transfers. A SUPER_ADMIN exports the payouts collected to one channel in
// one currency as a batch with its transfer file (SEPA pain.001 for euro transfers in the SEPA channel, CSV for the
// others); the payouts become TRANSFER_FILE_GENERATED. When the bank has carried the batch out it is marked
// COMPLETED_SUCCESSFULLY (the blocked money leaves the accounts: RELEASE), or RETURNED (it goes back to their
// available funds: UNLOCK). Amounts in thousandths.
const BATCH_STATUSES = ['GENERATED', 'COMPLETED_SUCCESSFULLY', 'RETURNED'] as const;
type BatchStatus = (typeof BATCH_STATUSES)[number];

/** What a generated batch may become. */
export const BATCH_OUTCOMES = ['COMPLETED_SUCCESSFULLY', 'RETURNED'] as const;
type BatchOutcome = (typeof BATCH_OUTCOMES)[number];

/** The transfer file of a channel and currency: pain.001 for euro SEPA transfers, CSV otherwise. */
export function fileFormatOf(channel: string, currency: string): 'pain.001' | 'csv' {
  return channel === 'EU_SEPA' && currency === 'EUR' ? 'pain.001' : 'csv';
}

/** The columns of the CSV transfer file, in order (docs/architecture.md, Settlement, documents them); text written by exportCells.ts's rule. */
export const TRANSFER_CSV_COLUMNS = [
  'reference',
  'beneficiaryName',
  'beneficiaryType',
  'countryCode',
  'currency',
  'amount',
  'iban',
  'bic',
  'sortCode',
  'accountNumber',
  'routingCode',
  'title',
] as const;

/** GET /api/settlement/pending: collected payouts waiting for a transfer file, per channel and currency. */
export interface PendingGroup {
  /** `<channel>-<currency>`, the row's key. */
  id: string;
  channel: string;
  currency: string;
  payouts: number;
  amount: number;
}

export interface GenerateBatchBody {
  channel: string;
  currency: string;
}

export interface TransferBatch {
  id: number;
  channel: string;
  currency: string;
  status: BatchStatus;
  payouts: number;
  amount: number;
  fileName: string;
  createdAt: string;
  closedAt: string | null;
}

export interface BatchStatusBody {
  status: BatchOutcome;
}
