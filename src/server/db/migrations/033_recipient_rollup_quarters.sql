-- Top Payees of a quarter read like a month's or a year's (src/server/areas/payouts/rollups.ts): the recipients'
-- rollup also keeps UTC quarters, so a quarter in any time zone is one bucket, read in order a few entries deep, and
-- the hours at its edges, read from the payouts. Without it a quarter summed three months of every recipient.

ALTER TABLE payout_recipient_rollups DROP CONSTRAINT payout_recipient_rollups_grain_check;
ALTER TABLE payout_recipient_rollups ADD CONSTRAINT payout_recipient_rollups_grain_check CHECK (grain IN ('month', 'quarter', 'year'));

-- Migration 030's statements, the recipients' one now writing quarters too (from the same month sums; the
-- triggers call this function, so they pick it up as they are).
CREATE OR REPLACE FUNCTION payout_rollups_statements(changes text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$
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
      SELECT g.grain, m.customer_id, date_trunc(g.grain, m.bucket, 'UTC'), m.recipient_id, m.currency, sum(m.count)::bigint, sum(m.amount)::bigint
      FROM months m CROSS JOIN (VALUES ('quarter'), ('year')) AS g (grain)
      GROUP BY 1, 2, 3, 4, 5
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

-- The quarters of the payouts made before this migration: the sums of their three UTC months.
INSERT INTO payout_recipient_rollups (customer_id, grain, bucket, recipient_id, currency, count, amount)
SELECT customer_id, 'quarter', date_trunc('quarter', bucket, 'UTC'), recipient_id, currency, sum(count)::bigint, sum(amount)::bigint
FROM payout_recipient_rollups
WHERE grain = 'month'
GROUP BY customer_id, date_trunc('quarter', bucket, 'UTC'), currency, recipient_id
HAVING sum(count) <> 0 OR sum(amount) <> 0
ORDER BY 1, 3, 5, 4;
