-- Idempotency keys (src/server/plugins/idempotency.ts): the first answer to a POST sent with an `Idempotency-Key`,
-- per caller (a user, or an API key), kept 24 hours. `status` NULL: that first request is still running.
CREATE TABLE idempotency_keys (
  scope        text NOT NULL,
  key          text NOT NULL,
  request_hash text NOT NULL,
  status       integer,
  body         text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
