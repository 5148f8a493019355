// The outbox's messages (SMS, e-mail, webhook deliveries) and the state a message is in: pending until sent or until
// its attempts are spent (failed).
export const OUTBOX_CHANNELS = ['sms', 'email', 'webhook'] as const;
export const OUTBOX_STATES = ['pending', 'sent', 'failed'] as const;
