-- Trigram indexes for the payouts list's free-text search (`%word%`, case-insensitive: ILIKE on the column as
-- src/server/toolkit/search.ts emits it), so that each branch of the search's OR is an index scan: the payout's title
-- and reference here, and the recipient's phone number (003_search_indexes.sql) and full name (below), looked up
-- among the customer's recipients. Without them a search that matches few payouts reads every payout of the customer.
CREATE INDEX payouts_search_idx ON payouts USING gin (title gin_trgm_ops, reference gin_trgm_ops);

-- The recipient's full name as the payouts' search reads it: first and last name joined by a space.
CREATE INDEX recipients_full_name_search_idx ON recipients USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
