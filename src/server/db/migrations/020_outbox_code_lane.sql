-- Verification codes (login, device, step-up, restore, collection sign-in) wait in a lane of their own, which every
-- instance serves before bulk messages (payout SMS, reminders): an import's tens of thousands of SMS never hold a
-- code back. Webhook deliveries keep their own lane, by channel. The code and webhook lanes' claims (the oldest
-- pending rows of the lane, src/server/modules/outbox.ts) read partial indexes of their own, so a bulk backlog of
-- 100,000 rows costs them nothing; the bulk lane reads outbox_pending_idx (001).
ALTER TABLE outbox ADD COLUMN lane text NOT NULL DEFAULT 'bulk' CHECK (lane IN ('code', 'bulk'));
CREATE INDEX outbox_code_pending_idx ON outbox (id) WHERE sent_at IS NULL AND lane = 'code';
CREATE INDEX outbox_webhook_pending_idx ON outbox (id) WHERE sent_at IS NULL AND channel = 'webhook';
