// The recipients' list, item and form routes, declared (src/server/toolkit/resource.ts).
import { resourceView, type Resource } from '../../toolkit/index.ts';
import { recipientScope, tidyRecipient } from './service.ts';

export const recipients: Resource = {
  ...recipientScope,
  table: 'recipients',
  entity: 'entities/recipient',
  filters: 'filters/recipient',
  permissions: { read: ['payout.recipient.read'], manage: ['payout.recipient.manage'] },
  notFound: 'RECIPIENT_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  search: ['first_name', 'last_name', 'email', 'phone_number', 'external_id'],
  write: {
    form: 'forms/recipient',
    unique: { recipients_phone_key: { property: 'phoneNumber', code: 'RECIPIENT_PHONE_TAKEN' } },
    adjust: tidyRecipient,
  },
};

export const recipientsView = resourceView(recipients);
