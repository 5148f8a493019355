// The names of the permissions, user types and representative kinds, as code: the type of a route's
// `config.permissions` and of every list that names permissions. schemas/permissions.json is the role matrix; npm
// run validate fails when its permissions and this list differ (tools/validate/checkConstantSets.ts). Kept apart from
// permissions.ts, which loads that file, so that the validator can read the names even when the file is broken.

export const PERMISSIONS = [
  'statistics',
  'myprofile',
  'settings.read',
  'settings.manage',
  'accounts',
  'accounts.balance.info',
  'accounts.details',
  'accounts.manage',
  'accounts.ownership.change',
  'accounts.name.change',
  'payout.read',
  'payout.manage',
  'payout.collection',
  'payout.collection.url',
  'payout.recipient.read',
  'payout.recipient.manage',
  'payout.program.read',
  'payout.program.manage',
  'user.read',
  'user.manage',
  'country.read',
  'customer.read',
  'customer.manage',
  'customer.settings',
  'customer.settings.available.modules',
  'customer.settings.payout.notification.details',
  'integration_api',
  'integration_api_payout',
  // Not in the spec's list: the full beneficiary details of a payout, and removing a recipient's saved bank account
  // (docs/decisions.md, Payer and beneficiary details).
  'payout.beneficiary.details',
  'payout.recipient.bankAccount.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const USER_TYPES = ['USER', 'ADMIN', 'SUPER_ADMIN', 'RECIPIENT'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** A USER's kind: a General Representative manages, a Special one reads. */
export const REPRESENTATIVE_KINDS = ['GENERAL', 'SPECIAL'] as const;
export type RepresentativeKind = (typeof REPRESENTATIVE_KINDS)[number];
