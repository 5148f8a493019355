-- The country a customer is in (ISO 3166-1 alpha-2). The language of its messages follows it unless the customer
-- chooses one (MESSAGES_LANGUAGE): Polish in Poland, English elsewhere. Customers made before it are in Poland,
-- as the product's other defaults (the Europe/Warsaw time zone, złoty) assume.
ALTER TABLE customers ADD COLUMN country_code text NOT NULL DEFAULT 'PL' CHECK (country_code ~ '^[A-Z]{2}$');
