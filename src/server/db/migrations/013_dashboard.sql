-- The dashboard's summaries (src/server/areas/payouts/summary.ts, programs/summary.ts, recipients/summary.ts) read
-- the payouts a customer created in a period and group them by status, currency, program, recipient or collection
-- time. This index holds every column they read, so each reads the period's rows from the index alone (an
-- index-only range scan), never visiting the table's rows.
CREATE INDEX payouts_dashboard_idx ON payouts (customer_id, created_at)
  INCLUDE (status, currency, amount, program_id, recipient_id, start_date, collected_at);

-- A program's used budget (the dashboard's programs, the budget check, the programs list) sums the amounts of its
-- payouts since its interval began: with the status and the amount in the program's index, that reads the index
-- alone too (a range of it where the interval is known in advance). The same key as before, so the payouts lists
-- filtered by program keep their order.
DROP INDEX payouts_program_idx;
CREATE INDEX payouts_program_idx ON payouts (program_id, created_at DESC) INCLUDE (status, amount);
