-- Customer settings that name a customer from outside must name one only (src/server/areas/customers/settings.ts):
-- the hash of an external human task id, and the customer's own domain, by which the collection page finds its
-- customer (a second customer claiming it would take over the first one's page).
CREATE UNIQUE INDEX settings_human_task_id_hash_key ON settings (value) WHERE key = 'HUMAN_TASK_ID_HASH';
CREATE UNIQUE INDEX settings_custom_domain_key ON settings (lower(value)) WHERE key = 'CUSTOM_DOMAIN_NAME';
