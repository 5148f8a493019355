-- A customer's own details as the payer of its payouts (the debtor of its settlement transfers): legal name, address,
-- tax id (NIP), its bank account and its bank, one of the specification's customer bank options.
CREATE TABLE payer_details (
  customer_id  integer PRIMARY KEY REFERENCES customers (id),
  legal_name   text NOT NULL,
  street       text NOT NULL,
  postal_code  text NOT NULL,
  city         text NOT NULL,
  tax_id       text NOT NULL,
  iban         text NOT NULL,
  bank         text NOT NULL CHECK (bank IN ('mBank', 'Credit Agricole')),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- A recipient's bank account removed by an admin while payouts went to it is detached from the recipient rather than
-- deleted: the recipient no longer sees or chooses it, and those payouts keep the account they were collected to
-- (settlement still pays them there). One that no payout names is deleted.
ALTER TABLE bank_accounts ALTER COLUMN recipient_id DROP NOT NULL;
ALTER TABLE bank_accounts ADD COLUMN removed_at timestamptz;
ALTER TABLE bank_accounts ADD COLUMN removed_recipient_id integer REFERENCES recipients (id);
ALTER TABLE bank_accounts ADD CONSTRAINT bank_accounts_removed_check
  CHECK ((recipient_id IS NULL) = (removed_at IS NOT NULL) AND (removed_at IS NULL) = (removed_recipient_id IS NULL));
