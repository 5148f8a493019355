-- Columns that hold one of a fixed set of values, which the code kept and the database did not check. The lists
-- are the shared constants' (src/shared: CHANNEL_TYPES, TRANSFER_FILE_FORMATS, PAYOUT_STATUSES); npm run validate
-- compares each CHECK with its constant, so a value added to one and not the other fails the build.
ALTER TABLE bank_accounts ADD CONSTRAINT bank_accounts_channel_check
  CHECK (channel IN ('EU_PL', 'EU_SWIFT', 'EU_SEPA', 'UK_LOCAL', 'US_LOCAL', 'UK_INTERNATIONAL', 'US_INTERNATIONAL'));
ALTER TABLE transfer_batches ADD CONSTRAINT transfer_batches_file_type_check CHECK (file_type IN ('pain.001', 'csv'));
ALTER TABLE payout_status_changes ADD CONSTRAINT payout_status_changes_from_status_check
  CHECK (from_status IN ('TO_APPROVE', 'TO_COLLECT', 'SUSPENDED', 'CANCELLED', 'EXPIRED', 'COLLECTED_ON_PAGE',
    'TRANSFER_FILE_GENERATED', 'COMPLETED_SUCCESSFULLY', 'RETURNED'));
ALTER TABLE payout_status_changes ADD CONSTRAINT payout_status_changes_to_status_check
  CHECK (to_status IN ('TO_APPROVE', 'TO_COLLECT', 'SUSPENDED', 'CANCELLED', 'EXPIRED', 'COLLECTED_ON_PAGE',
    'TRANSFER_FILE_GENERATED', 'COMPLETED_SUCCESSFULLY', 'RETURNED'));
