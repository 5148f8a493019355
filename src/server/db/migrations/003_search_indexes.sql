-- Trigram indexes for the lists' free-text search (`%text%`, case-insensitive), which a b-tree cannot serve.
-- pg_trgm is a trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX recipients_search_idx ON recipients USING gin (
  first_name gin_trgm_ops, last_name gin_trgm_ops, email gin_trgm_ops, phone_number gin_trgm_ops, external_id gin_trgm_ops);
CREATE INDEX users_search_idx ON users USING gin (
  login gin_trgm_ops, first_name gin_trgm_ops, last_name gin_trgm_ops, email gin_trgm_ops, phone_number gin_trgm_ops);
CREATE INDEX programs_search_idx ON programs USING gin (name gin_trgm_ops, url gin_trgm_ops);
CREATE INDEX customers_search_idx ON customers USING gin (name gin_trgm_ops, url gin_trgm_ops);
