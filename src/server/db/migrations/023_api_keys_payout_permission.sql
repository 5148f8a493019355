-- Payout routes ask an API key for integration_api_payout besides their own permission. A restricted key made
-- before that rule, holding a payout permission, keeps the access its owner gave it.
UPDATE api_keys
SET permissions = array_append(permissions, 'integration_api_payout')
WHERE permissions IS NOT NULL
  AND permissions && ARRAY['payout.read', 'payout.manage']::text[]
  AND NOT ('integration_api_payout' = ANY (permissions));
