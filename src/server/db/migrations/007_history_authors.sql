-- Who wrote a statement row or a status change is a record of the past, as in the audit log: users are never
-- deleted, and the id comes from the signed-in session. Checked as a foreign key, each such row cost a lookup of its
-- user, half a second per 100,000 rows of a bulk status change.
ALTER TABLE balance_updates DROP CONSTRAINT balance_updates_created_by_fkey;
ALTER TABLE payout_status_changes DROP CONSTRAINT payout_status_changes_created_by_fkey;
