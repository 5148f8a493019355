-- The indexes the lists' filters ask for at a large customer's size (tools/validate/checkFilterIndexes.ts; the plans
-- of `npm run bench -- scale` in docs/query-plans.md). Each one leads with the column every query of its list pins
-- (the customer, the account), then the filtered column, then the list's default order where a filter keeps many
-- rows, so that the first page is read in order and stops after it. Every index costs each write of its table: only
-- filters a person uses on a large list are indexed here (docs/query-plans.md, *Indexes*).

-- Payouts: a large customer holds millions. A source (API among imported files), an amount band, a collection or
-- expiry date range narrows them to a few.
CREATE INDEX payouts_customer_source_created_idx ON payouts (customer_id, source, created_at DESC, id DESC);
CREATE INDEX payouts_customer_amount_idx ON payouts (customer_id, amount);
CREATE INDEX payouts_customer_collected_idx ON payouts (customer_id, collected_at) WHERE collected_at IS NOT NULL;
CREATE INDEX payouts_customer_end_date_idx ON payouts (customer_id, end_date);

-- An account's statement by type (top-ups among millions of payout movements), newest first.
CREATE INDEX balance_updates_account_type_idx ON balance_updates (account_id, type, created_at DESC, id DESC);

-- The audit log grows with every change; one kind of action, newest first.
CREATE INDEX audit_log_customer_action_idx ON audit_log (customer_id, action, created_at DESC, id DESC);

-- Blocked recipients are few among many.
CREATE INDEX recipients_customer_blocked_idx ON recipients (customer_id, blocked, created_at DESC, id DESC);

-- Users hold a row for each recipient that signed in to the collection page: the staff are a few among them.
CREATE INDEX users_customer_type_idx ON users (customer_id, type, created_at DESC, id DESC);
CREATE INDEX users_customer_active_idx ON users (customer_id, is_active, created_at DESC, id DESC);

-- Messages: one channel, one webhook event type, newest first; a phone number or address by "contains" (trigram).
CREATE INDEX outbox_customer_channel_idx ON outbox (customer_id, channel, id DESC);
CREATE INDEX outbox_customer_subject_idx ON outbox (customer_id, subject, id DESC);
CREATE INDEX outbox_recipient_search_idx ON outbox USING gin (recipient gin_trgm_ops);
