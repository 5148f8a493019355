-- The pay-in reference of an account: what its customer's barcode pay-in page (/{customerUrl}/payin) shows as a
-- Code 128 barcode, and what a SUPER_ADMIN names as the top-up's reference when the money arrives. "PI", the
-- account's id in 10 digits and two ISO 7064 MOD 97-10 check digits (as an IBAN's), so a mistyped reference is
-- caught and the account is read from the reference itself. Derived from the id, it never changes.
ALTER TABLE accounts ADD COLUMN payin_reference text
  GENERATED ALWAYS AS ('PI' || lpad(id::text, 10, '0') || lpad((98 - (id::bigint * 100) % 97)::text, 2, '0')) STORED NOT NULL;
ALTER TABLE accounts ADD CONSTRAINT accounts_payin_reference_key UNIQUE (payin_reference);
