-- The dashboard's summaries kept in advance (src/server/areas/payouts/rollups.ts reads them): the number and sum of
-- the payouts created in each UTC day, month and year, per customer, program, currency and status, with what the
-- collection rates need; and per recipient and currency, by UTC month and year, of the payouts the budgets count.
-- A summary adds the whole buckets its period holds and reads the payouts table only for the hours at its edges, so
-- every time zone and every explicit range stays exact. Statement-level triggers with transition tables keep both
-- tables in step with payouts in the same transaction: one aggregate per statement, however many rows it changes.

CREATE TABLE payout_rollups (
  customer_id          integer NOT NULL,
  -- 'day', 'month' or 'year': the bucket's length; `bucket` is its first instant, a UTC midnight.
  grain                text NOT NULL CHECK (grain IN ('day', 'month', 'year')),
  bucket               timestamptz NOT NULL,
  program_id           integer NOT NULL,
  currency             text NOT NULL,
  status               text NOT NULL,
  count                bigint NOT NULL,
  amount               bigint NOT NULL,
  -- Of those, the collected ones, and those collected within 24, 48 and 72 hours of the later of creation and start
  -- date (COLLECTION_RATE_BOUNDS_HOURS in src/shared/dashboard.ts).
  collected_count      bigint NOT NULL,
  collected_amount     bigint NOT NULL,
  collected_24h_count  bigint NOT NULL,
  collected_24h_amount bigint NOT NULL,
  collected_48h_count  bigint NOT NULL,
  collected_48h_amount bigint NOT NULL,
  collected_72h_count  bigint NOT NULL,
  collected_72h_amount bigint NOT NULL,
  PRIMARY KEY (customer_id, grain, bucket, program_id, currency, status)
);

CREATE TABLE payout_recipient_rollups (
  customer_id  integer NOT NULL,
  grain        text NOT NULL CHECK (grain IN ('month', 'year')),
  bucket       timestamptz NOT NULL,
  recipient_id integer NOT NULL,
  currency     text NOT NULL,
  count        bigint NOT NULL,
  amount       bigint NOT NULL,
  PRIMARY KEY (customer_id, grain, bucket, currency, recipient_id)
);
-- Top Payees of one month or year: the highest sums of a bucket in order, read a few entries deep.
CREATE INDEX payout_recipient_rollups_top_idx ON payout_recipient_rollups (customer_id, grain, bucket, currency, amount DESC, recipient_id) INCLUDE (count);

-- Whether the budgets (and Top Payees) count a payout of the status: NOT_COUNTED_STATUSES of src/shared/payouts.ts
-- (tests/api/summary-rollups.test.ts holds the two together).
CREATE FUNCTION payout_counted(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT status NOT IN ('CANCELLED', 'EXPIRED', 'RETURNED') $$;

-- The two statements that add signed payouts to the rollups. `changes` is a relation of (sign, customer_id,
-- created_at, program_id, recipient_id, currency, status, amount, start_date, collected_at): +1 for a row that now
-- exists, -1 for one that no longer does. The day figures are summed once; months and years from them. Rows are
-- upserted in key order, so two statements never take the same rollup rows in opposite orders. (The trigger runs
-- them itself: a transition table is visible to the trigger's function alone, not to a function it calls.)
CREATE FUNCTION payout_rollups_statements(changes text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$
  SELECT ARRAY[format($sql$
    WITH days AS (
      SELECT c.customer_id, date_trunc('day', c.created_at, 'UTC') AS bucket, c.program_id, c.currency, c.status,
             sum(c.sign)::bigint AS count, sum(c.sign * c.amount)::bigint AS amount,
             COALESCE(sum(c.sign) FILTER (WHERE c.collected_at IS NOT NULL), 0)::bigint AS collected_count,
             COALESCE(sum(c.sign * c.amount) FILTER (WHERE c.collected_at IS NOT NULL), 0)::bigint AS collected_amount,
             COALESCE(sum(c.sign) FILTER (WHERE c.collected_at < GREATEST(c.created_at, c.start_date) + interval '24 hours'), 0)::bigint AS c24,
             COALESCE(sum(c.sign * c.amount) FILTER (WHERE c.collected_at < GREATEST(c.created_at, c.start_date) + interval '24 hours'), 0)::bigint AS a24,
             COALESCE(sum(c.sign) FILTER (WHERE c.collected_at < GREATEST(c.created_at, c.start_date) + interval '48 hours'), 0)::bigint AS c48,
             COALESCE(sum(c.sign * c.amount) FILTER (WHERE c.collected_at < GREATEST(c.created_at, c.start_date) + interval '48 hours'), 0)::bigint AS a48,
             COALESCE(sum(c.sign) FILTER (WHERE c.collected_at < GREATEST(c.created_at, c.start_date) + interval '72 hours'), 0)::bigint AS c72,
             COALESCE(sum(c.sign * c.amount) FILTER (WHERE c.collected_at < GREATEST(c.created_at, c.start_date) + interval '72 hours'), 0)::bigint AS a72
      FROM %1$s c
      GROUP BY 1, 2, 3, 4, 5
    ), grains AS (
      SELECT 'day' AS grain, d.* FROM days d
      UNION ALL
      SELECT g.grain, d.customer_id, date_trunc(g.grain, d.bucket, 'UTC'), d.program_id, d.currency, d.status,
             sum(d.count)::bigint, sum(d.amount)::bigint, sum(d.collected_count)::bigint, sum(d.collected_amount)::bigint,
             sum(d.c24)::bigint, sum(d.a24)::bigint, sum(d.c48)::bigint, sum(d.a48)::bigint, sum(d.c72)::bigint, sum(d.a72)::bigint
      FROM days d CROSS JOIN (VALUES ('month'), ('year')) AS g (grain)
      GROUP BY 1, 2, 3, 4, 5, 6
    )
    INSERT INTO payout_rollups AS r (customer_id, grain, bucket, program_id, currency, status, count, amount,
                                     collected_count, collected_amount, collected_24h_count, collected_24h_amount,
                                     collected_48h_count, collected_48h_amount, collected_72h_count, collected_72h_amount)
    SELECT customer_id, grain, bucket, program_id, currency, status, count, amount, collected_count, collected_amount,
           c24, a24, c48, a48, c72, a72
    FROM grains
    -- An update that moved nothing between buckets (a reminder's time, say) writes nothing.
    WHERE count <> 0 OR amount <> 0 OR collected_count <> 0 OR collected_amount <> 0 OR c24 <> 0 OR a24 <> 0
       OR c48 <> 0 OR a48 <> 0 OR c72 <> 0 OR a72 <> 0
    ORDER BY customer_id, grain, bucket, program_id, currency, status
    ON CONFLICT (customer_id, grain, bucket, program_id, currency, status) DO UPDATE SET
      count = r.count + EXCLUDED.count, amount = r.amount + EXCLUDED.amount,
      collected_count = r.collected_count + EXCLUDED.collected_count, collected_amount = r.collected_amount + EXCLUDED.collected_amount,
      collected_24h_count = r.collected_24h_count + EXCLUDED.collected_24h_count, collected_24h_amount = r.collected_24h_amount + EXCLUDED.collected_24h_amount,
      collected_48h_count = r.collected_48h_count + EXCLUDED.collected_48h_count, collected_48h_amount = r.collected_48h_amount + EXCLUDED.collected_48h_amount,
      collected_72h_count = r.collected_72h_count + EXCLUDED.collected_72h_count, collected_72h_amount = r.collected_72h_amount + EXCLUDED.collected_72h_amount
  $sql$, changes),
  format($sql$
    WITH months AS (
      SELECT c.customer_id, date_trunc('month', c.created_at, 'UTC') AS bucket, c.recipient_id, c.currency,
             sum(c.sign)::bigint AS count, sum(c.sign * c.amount)::bigint AS amount
      FROM %1$s c
      WHERE payout_counted(c.status)
      GROUP BY 1, 2, 3, 4
    ), grains AS (
      SELECT 'month' AS grain, m.* FROM months m
      UNION ALL
      SELECT 'year', m.customer_id, date_trunc('year', m.bucket, 'UTC'), m.recipient_id, m.currency, sum(m.count)::bigint, sum(m.amount)::bigint
      FROM months m
      GROUP BY 2, 3, 4, 5
    )
    INSERT INTO payout_recipient_rollups AS r (customer_id, grain, bucket, recipient_id, currency, count, amount)
    SELECT customer_id, grain, bucket, recipient_id, currency, count, amount
    FROM grains
    WHERE count <> 0 OR amount <> 0
    ORDER BY customer_id, grain, bucket, currency, recipient_id
    ON CONFLICT (customer_id, grain, bucket, currency, recipient_id) DO UPDATE SET
      count = r.count + EXCLUDED.count, amount = r.amount + EXCLUDED.amount
  $sql$, changes)]
$fn$;

CREATE FUNCTION payout_rollups_trigger() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  columns constant text := 'customer_id, created_at, program_id, recipient_id, currency, status, amount, start_date, collected_at';
  statement text;
BEGIN
  FOREACH statement IN ARRAY payout_rollups_statements(CASE TG_OP
      WHEN 'INSERT' THEN format('(SELECT 1 AS sign, %s FROM new_rows)', columns)
      WHEN 'DELETE' THEN format('(SELECT -1 AS sign, %s FROM old_rows)', columns)
      ELSE format('(SELECT -1 AS sign, %1$s FROM old_rows UNION ALL SELECT 1, %1$s FROM new_rows)', columns)
    END) LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER payout_rollups_insert AFTER INSERT ON payouts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payout_rollups_trigger();
CREATE TRIGGER payout_rollups_update AFTER UPDATE ON payouts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payout_rollups_trigger();
CREATE TRIGGER payout_rollups_delete AFTER DELETE ON payouts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payout_rollups_trigger();

CREATE FUNCTION payout_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE payout_rollups, payout_recipient_rollups;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER payout_rollups_truncate AFTER TRUNCATE ON payouts FOR EACH STATEMENT EXECUTE FUNCTION payout_rollups_truncate();

-- The payouts made before this migration.
DO $fill$
DECLARE
  statement text;
BEGIN
  FOREACH statement IN ARRAY payout_rollups_statements('(SELECT 1 AS sign, customer_id, created_at, program_id, recipient_id, currency, status, amount, start_date, collected_at FROM payouts)') LOOP
    EXECUTE statement;
  END LOOP;
END
$fill$;
