-- Real delivery of the outbox (SMTP, an HTTP SMS gateway): the customer a message is sent for, whose SMS sender
-- name the gateway shows (null for staff codes, which use the default name), and when a failed message may be
-- tried again (exponential backoff; null: at once, or never again once its attempts are spent).
ALTER TABLE outbox ADD COLUMN customer_id integer REFERENCES customers (id);
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
