-- A payout file needs only the spec's five columns, so a new phone number creates a recipient with the
-- number alone; the names can be filled in later.
ALTER TABLE recipients ALTER COLUMN first_name DROP NOT NULL;
ALTER TABLE recipients ALTER COLUMN last_name DROP NOT NULL;
