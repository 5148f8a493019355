-- A recipient's Billon App user name names an account in that app: one recipient's alone within its customer
-- (src/server/areas/recipients/identities.ts). NULLs (no user name) do not compete.
CREATE UNIQUE INDEX recipients_billon_user_name_key ON recipients (customer_id, billon_user_name);
