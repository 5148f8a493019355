-- Request limits that hold across instances (src/server/platform/rateLimitStore.ts): the requests of one key (a
-- limited route and a source address, or an API key) counted in a fixed window that starts at the key's first
-- request and lasts the limit's length. Every instance counts in the same row, in one atomic upsert. UNLOGGED: a
-- count lost in a crash only gives a key a fresh window, and not writing these counts to the WAL keeps a login cheap.
-- Rows whose window ended are deleted on the way (rateLimitStore.ts).
CREATE UNLOGGED TABLE rate_limit_windows (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  window_end   timestamptz NOT NULL,
  count        integer NOT NULL
);
CREATE INDEX rate_limit_windows_end_idx ON rate_limit_windows (window_end);
