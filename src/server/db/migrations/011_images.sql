-- Images staff upload for a customer's pages (the collection page's logo, background and favicon). Served by an
-- unguessable key with the type read from their bytes; only raster images are stored (src/shared/images.ts).
CREATE TABLE images (
  key           text PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers (id),
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp')),
  bytes         bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
