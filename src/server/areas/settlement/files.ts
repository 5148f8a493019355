// The transfer file of a batch: SEPA credit transfer initiation (pain.001.001.09, written by the `sepa` library) for
// euro transfers in the SEPA channel, and CSV for the other channels (columns: TRANSFER_CSV_COLUMNS, amounts in
// currency units with a dot, RFC 4180 quoting, UTF-8, text that would be a formula behind a single quote as
// src/shared/exportCells.ts says). The debtor of each transfer is the payer of its payout: the payer details of the
// payout's customer (its legal name, IBAN and its bank's BIC). A batch spans customers, so a pain.001 file has one
// payment information block per customer, and each CSV row names its debtor.
import SEPA from 'sepa';
import { toDecimalText } from '../../../shared/money.ts';
import { csvNumber, csvText } from '../../../shared/exportCells.ts';
import { TRANSFER_CSV_COLUMNS } from '../../../shared/settlement.ts';

export interface Transfer {
  reference: string;
  title: string | null;
  amount: number;
  currency: string;
  beneficiaryName: string;
  beneficiaryType: string;
  countryCode: string;
  iban: string | null;
  bic: string | null;
  sortCode: string | null;
  accountNumber: string | null;
  routingCode: string | null;
  debtor: Debtor;
}

export interface Debtor {
  name: string;
  iban: string;
  bic: string;
}

/** Transfers grouped by their debtor (one per customer), in the order each debtor first appears. */
function byDebtor(transfers: readonly Transfer[]): Transfer[][] {
  const groups = new Map<string, Transfer[]>();
  for (const transfer of transfers) {
    const key = `${transfer.debtor.name}\u0000${transfer.debtor.iban}`;
    groups.set(key, [...(groups.get(key) ?? []), transfer]);
  }
  return [...groups.values()];
}

/**
 * pain.001: one payment information block per debtor, one transaction per payout, its reference as the end-to-end
 * id. The initiating party is the operator, which sends the file for its customers.
 */
export function pain001(batchId: number, transfers: readonly Transfer[], initiatorName: string, now = new Date()): string {
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = `BATCH-${batchId}`;
  doc.grpHdr.created = now;
  doc.grpHdr.initiatorName = initiatorName;
  for (const group of byDebtor(transfers)) paymentInfo(doc, group, now);
  return doc.toString();
}

/** One debtor's block; the library numbers it after the group header's id (BATCH-7.0, BATCH-7.1, ...). */
function paymentInfo(doc: SEPA.Document, transfers: readonly Transfer[], now: Date): void {
  const { debtor } = transfers[0];
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = now;
  info.debtorName = debtor.name;
  info.debtorIBAN = debtor.iban;
  info.debtorBIC = debtor.bic;
  doc.addPaymentInfo(info);
  for (const transfer of transfers) {
    const tx = info.createTransaction();
    tx.creditorName = transfer.beneficiaryName;
    tx.creditorIBAN = transfer.iban ?? '';
    if (transfer.bic) tx.creditorBIC = transfer.bic;
    // Thousandths to euro with cents: collected amounts are whole cents (the minimum is 0.01).
    tx.amount = Number(toDecimalText(transfer.amount));
    tx.currency = transfer.currency;
    tx.remittanceInfo = (transfer.title ?? transfer.reference).slice(0, 140);
    tx.end2endId = transfer.reference;
    info.addTransaction(tx);
  }
}

export function transferCsv(transfers: readonly Transfer[]): string {
  const rows = transfers.map((t) =>
    TRANSFER_CSV_COLUMNS.map((column) => {
      switch (column) {
        case 'amount':
          return csvNumber(toDecimalText(t.amount));
        case 'debtorName':
          return csvText(t.debtor.name);
        case 'debtorIban':
          return csvText(t.debtor.iban);
        default:
          // Text a user gave (the beneficiary's name on the collection page, a payout's title): never a formula.
          return csvText(t[column]);
      }
    }),
  );
  return [TRANSFER_CSV_COLUMNS.map(csvText), ...rows].map((row) => row.join(',')).join('\r\n') + '\r\n';
}
