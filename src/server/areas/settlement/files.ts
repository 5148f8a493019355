// The transfer file of a batch: SEPA credit transfer initiation (pain.001.001.09, written by the `sepa` library) for
// euro transfers in the SEPA channel, and CSV for the other channels (columns: TRANSFER_CSV_COLUMNS, amounts in
// currency units with a dot, RFC 4180 quoting, UTF-8, text that would be a formula behind a single quote as
// src/shared/exportCells.ts says). The debtor of a pain.001 file is the operator's settlement account (the global
// settings SETTLEMENT_DEBTOR_NAME, _IBAN and _BIC).
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
}

export interface Debtor {
  name: string;
  iban: string;
  bic: string;
}

/** pain.001: one payment information block, one transaction per payout, its reference as the end-to-end id. */
export function pain001(batchId: number, transfers: readonly Transfer[], debtor: Debtor, now = new Date()): string {
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = `BATCH-${batchId}`;
  doc.grpHdr.created = now;
  doc.grpHdr.initiatorName = debtor.name;
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
  return doc.toString();
}

export function transferCsv(transfers: readonly Transfer[]): string {
  const rows = transfers.map((t) =>
    TRANSFER_CSV_COLUMNS.map((column) => {
      switch (column) {
        case 'amount':
          return csvNumber(toDecimalText(t.amount));
        default:
          // Text a user gave (the beneficiary's name on the collection page, a payout's title): never a formula.
          return csvText(t[column]);
      }
    }),
  );
  return [TRANSFER_CSV_COLUMNS.map(csvText), ...rows].map((row) => row.join(',')).join('\r\n') + '\r\n';
}
