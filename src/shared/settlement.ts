// Settlement: collected payouts become bank transfers. A SUPER_ADMIN exports the payouts collected to one channel in
// one currency as a batch with its transfer file (SEPA pain.001 for euro transfers in the SEPA channel, CSV for the
// others); the payouts become TRANSFER_FILE_GENERATED. When the bank has carried the batch out it is marked
// COMPLETED_SUCCESSFULLY (the blocked money leaves the accounts: RELEASE), or RETURNED (it goes back to their
// available funds: UNLOCK). Amounts in thousandths.
import type { SettlementBatchForm, SettlementBatchStatusForm } from './generated/forms.ts';

/** A batch's states (the CHECK of transfer_batches.status, the enum of schemas/entities/transfer-batch.json). */
export const BATCH_STATUSES = ['GENERATED', 'COMPLETED_SUCCESSFULLY', 'RETURNED'] as const;
type BatchStatus = (typeof BATCH_STATUSES)[number];

/** What a generated batch may become (the enum of schemas/forms/settlement-batch-status.json). */
export const BATCH_OUTCOMES = ['COMPLETED_SUCCESSFULLY', 'RETURNED'] as const;

export const TRANSFER_FILE_FORMATS = ['pain.001', 'csv'] as const;
export type TransferFileFormat = (typeof TRANSFER_FILE_FORMATS)[number];

/** The transfer file of a channel and currency: pain.001 for euro SEPA transfers, CSV otherwise. */
export function fileFormatOf(channel: string, currency: string): TransferFileFormat {
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
  'debtorName',
  'debtorIban',
] as const;

/** POST /api/settlement/batch (schemas/forms/settlement-batch.json). */
export type GenerateBatchBody = SettlementBatchForm;

/** A batch as the API answers it (schemas/entities/transfer-batch.json). */
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

/** PUT /api/settlement/batch/:id/status (schemas/forms/settlement-batch-status.json). */
export type BatchStatusBody = SettlementBatchStatusForm;
