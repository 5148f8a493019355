-- A program's own settings (its collection page's look and texts), which win over its customer's.
CREATE TABLE program_settings (
  program_id  integer NOT NULL REFERENCES programs (id) ON DELETE CASCADE,
  key         text NOT NULL,
  value       text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (program_id, key)
);
