// The recipients' list, item and form routes, declared (src/server/toolkit/resource.ts).
import { refuseTakenIdentities } from '../../identities.ts';
import { resourceView, type Resource } from '../../toolkit/index.ts';
import { recipientIdentities } from './identities.ts';
import { recipientScope, tidyRecipient } from './service.ts';
import { readBankAccounts } from './bankAccounts.ts';

export const recipients: Resource = {
  ...recipientScope,
  table: 'recipients',
  entity: 'entities/recipient',
  filters: 'filters/recipient',
  permissions: { read: ['payout.recipient.read'], manage: ['payout.recipient.manage'] },
  notFound: 'RECIPIENT_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  search: ['first_name', 'last_name', 'email', 'phone_number', 'external_id'],
  // Answered by the item route only: the recipient's saved bank accounts, masked (bankAccounts.ts).
  fields: { bankAccounts: null },
  related: { bankAccounts: readBankAccounts },
  write: {
    form: 'forms/recipient',
    unique: { recipients_phone_key: { property: 'phoneNumber', code: 'RECIPIENT_PHONE_TAKEN' } },
    adjust: async (ctx, values, body, existing) => {
      tidyRecipient(ctx, values, body);
      await refuseTakenIdentities(ctx, recipientIdentities, body, existing);
    },
  },
};

export const recipientsView = resourceView(recipients);
