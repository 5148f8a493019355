// The value sets whose source is a constant in src/shared, and every other place that lists them: a schema's enum,
// a CHECK of the database (the migrations), the labels of a locale. checkConstantSets.ts holds each place to its
// constant; a place that deliberately lists fewer values names them in `except`, typed by the constant.
// Imports only modules that read no file, so that a broken schema or locale is reported rather than stopping the tool.
import { BALANCE_UPDATE_TYPES, CHANNEL_TYPES, REPRESENTATIVE_PERMISSIONS, TRANSFER_TYPES } from '../../src/shared/accounts.ts';
import { API_KEY_PERMISSIONS, API_KEY_STATES } from '../../src/shared/apiKeys.ts';
import { ACTOR_KINDS, AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../src/shared/audit.ts';
import { BENEFICIARY_TYPES, COLLECTION_BACKGROUND_TYPES, COLLECTION_HEADER_TYPES } from '../../src/shared/collection.ts';
import { CUSTOMER_FEATURES } from '../../src/shared/customerFeatures.ts';
import { LOGIN_VARIANTS, MESSAGE_LANGUAGES } from '../../src/shared/customers.ts';
import { COLLECTION_RATE_CATEGORIES, REPORTING_PERIODS } from '../../src/shared/dashboard.ts';
import { DATE_PRESETS, type DatePreset } from '../../src/shared/datePresets.ts';
import { IMAGE_TYPES } from '../../src/shared/images.ts';
import { CURRENCIES } from '../../src/shared/money.ts';
import { NOTIFICATION_KINDS } from '../../src/shared/notifications.ts';
import { OUTBOX_CHANNELS, OUTBOX_STATES } from '../../src/shared/outbox.ts';
import { PERMISSIONS, REPRESENTATIVE_KINDS, USER_TYPES } from '../../src/shared/permissionNames.ts';
import { PAYER_BANKS } from '../../src/shared/payerDetails.ts';
import { MANUAL_TARGETS, PAYOUT_LABELS, PAYOUT_SOURCES, PAYOUT_STATUSES } from '../../src/shared/payouts.ts';
import { BUDGET_INTERVALS } from '../../src/shared/programs.ts';
import { BATCH_OUTCOMES, BATCH_STATUSES, TRANSFER_FILE_FORMATS } from '../../src/shared/settlement.ts';
import { STEP_UP_PURPOSES } from '../../src/shared/stepUp.ts';
import { WEBHOOK_ENDPOINT_STATES, WEBHOOK_EVENTS } from '../../src/shared/webhooks.ts';

interface Place<V extends string> {
  /** Values of the constant this place leaves out on purpose. */
  except?: readonly V[];
}

/** An array of values in a file of schemas/, by JSON pointer (an enum, or the role matrix's list). */
interface SchemaPlace<V extends string> extends Place<V> {
  file: string;
  pointer: string;
}

/** The labels of the values: `<key>.<value>` in every language ("ns:a.b", as the panel looks them up). */
interface LabelPlace<V extends string> extends Place<V> {
  key: string;
  /** The object at the key holds those labels only, so a label of a value the constant lacks is reported too. */
  only?: boolean;
}

export interface ConstantSet<V extends string = string> {
  /** The constant's name and file, as a problem names them. */
  name: string;
  source: string;
  values: readonly V[];
  schemas?: SchemaPlace<V>[];
  /** `table.column` of a CHECK (column IN (...)) in the migrations. */
  checks?: (Place<V> & { column: string })[];
  labels?: LabelPlace<V>[];
}

/** Typed per set, so that `except` can name only values of its constant. */
function set<const V extends string>(declared: ConstantSet<V>): ConstantSet {
  return declared as ConstantSet;
}

const enumOf = (file: string, property: string): SchemaPlace<never> => ({ file, pointer: `/properties/${property}/enum` });
const itemsEnumOf = (file: string, property: string): SchemaPlace<never> => ({ file, pointer: `/properties/${property}/items/enum` });
/** The presets a date range of a filter schema offers: the relative ones (datePresets.ts). */
const presetsOf = (file: string, property: string): SchemaPlace<DatePreset> => ({ file, pointer: `/properties/${property}/properties/preset/enum`, except: ['ANOTHER_PERIOD', 'ALL'] });

/** Recipients sign in on the collection page only: the panel's user lists, forms and labels leave them out. */
const PANEL_USER_TYPES = { except: ['RECIPIENT'] as const };

export const CONSTANT_SETS: readonly ConstantSet[] = [
  set({
    // `entity.verb`: the labels nest by the dot (entities:enums.auditAction.account.transfer)
    name: 'AUDIT_ACTIONS',
    source: 'src/shared/audit.ts',
    values: AUDIT_ACTIONS,
    schemas: [enumOf('schemas/filters/audit.json', 'action')],
    labels: [{ key: 'entities:enums.auditAction', only: true }],
  }),
  set({
    name: 'AUDIT_ENTITIES',
    source: 'src/shared/audit.ts',
    values: AUDIT_ENTITIES,
    schemas: [enumOf('schemas/filters/audit.json', 'entity')],
    labels: [{ key: 'entities:enums.auditEntity', only: true }],
  }),
  set({
    name: 'ACTOR_KINDS',
    source: 'src/shared/audit.ts',
    values: ACTOR_KINDS,
    schemas: [enumOf('schemas/entities/audit.json', 'actorKind'), { file: 'schemas/entities/payout.json', pointer: '/properties/history/items/properties/byKind/enum' }],
    labels: [{ key: 'entities:enums.actorKind', only: true }],
  }),
  set({
    name: 'PAYOUT_STATUSES',
    source: 'src/shared/payouts.ts',
    values: PAYOUT_STATUSES,
    schemas: [enumOf('schemas/entities/payout.json', 'status'), itemsEnumOf('schemas/filters/payout.json', 'status')],
    checks: [{ column: 'payouts.status' }, { column: 'payout_status_changes.from_status' }, { column: 'payout_status_changes.to_status' }],
  }),
  set({
    // The statuses and the derived "Paid": one set of labels serves the status history and the status column.
    name: 'PAYOUT_LABELS',
    source: 'src/shared/payouts.ts',
    values: PAYOUT_LABELS,
    schemas: [enumOf('schemas/entities/payout.json', 'label')],
    labels: [{ key: 'entities:enums.payoutStatus', only: true }],
  }),
  set({
    name: 'MANUAL_TARGETS',
    source: 'src/shared/payouts.ts',
    values: MANUAL_TARGETS,
    schemas: [enumOf('schemas/forms/payout-status.json', 'status')],
  }),
  set({
    name: 'PAYOUT_SOURCES',
    source: 'src/shared/payouts.ts',
    values: PAYOUT_SOURCES,
    schemas: [enumOf('schemas/entities/payout.json', 'source'), itemsEnumOf('schemas/filters/payout.json', 'source')],
    checks: [{ column: 'payouts.source' }],
    labels: [{ key: 'entities:enums.payoutSource', only: true }],
  }),
  set({
    name: 'BALANCE_UPDATE_TYPES',
    source: 'src/shared/accounts.ts',
    values: BALANCE_UPDATE_TYPES,
    schemas: [enumOf('schemas/entities/balance-update.json', 'type'), itemsEnumOf('schemas/filters/balance-update.json', 'type')],
    checks: [{ column: 'balance_updates.type' }],
    labels: [{ key: 'entities:enums.balanceUpdateType', only: true }],
  }),
  set({
    name: 'CHANNEL_TYPES',
    source: 'src/shared/accounts.ts',
    values: CHANNEL_TYPES,
    schemas: [enumOf('schemas/entities/account.json', 'channelType')],
    checks: [{ column: 'accounts.channel_type' }, { column: 'bank_accounts.channel' }],
    labels: [{ key: 'entities:enums.channelType', only: true }],
  }),
  set({
    name: 'TRANSFER_TYPES',
    source: 'src/shared/accounts.ts',
    values: TRANSFER_TYPES,
    schemas: [enumOf('schemas/entities/account.json', 'transferType'), itemsEnumOf('schemas/forms/customer-settings.json', 'AVAILABLE_TRANSFER_TYPES')],
    checks: [{ column: 'accounts.transfer_type' }],
    labels: [{ key: 'entities:enums.transferType', only: true }],
  }),
  set({
    name: 'REPRESENTATIVE_PERMISSIONS',
    source: 'src/shared/accounts.ts',
    values: REPRESENTATIVE_PERMISSIONS,
    schemas: [
      { file: 'schemas/entities/account.json', pointer: '/properties/representatives/items/properties/permission/enum' },
      enumOf('schemas/forms/account-representative.json', 'permission'),
    ],
    checks: [{ column: 'account_representatives.permission' }],
    labels: [{ key: 'entities:enums.representativePermission', only: true }],
  }),
  set({
    name: 'CURRENCIES',
    source: 'src/shared/money.ts',
    values: CURRENCIES,
    schemas: [
      itemsEnumOf('schemas/filters/account.json', 'currency'),
      itemsEnumOf('schemas/filters/program.json', 'currency'),
      enumOf('schemas/forms/bank-account.json', 'currency'),
      enumOf('schemas/forms/program.json', 'currency'),
    ],
  }),
  set({
    name: 'PERMISSIONS',
    source: 'src/shared/permissionNames.ts',
    values: PERMISSIONS,
    schemas: [{ file: 'schemas/permissions.json', pointer: '/permissions' }],
  }),
  set({
    name: 'USER_TYPES',
    source: 'src/shared/permissionNames.ts',
    values: USER_TYPES,
    schemas: [
      { ...enumOf('schemas/entities/user.json', 'type'), ...PANEL_USER_TYPES },
      { ...itemsEnumOf('schemas/filters/user.json', 'type'), ...PANEL_USER_TYPES },
      { ...enumOf('schemas/forms/user.json', 'type'), ...PANEL_USER_TYPES },
    ],
    checks: [{ column: 'users.type' }],
    labels: [{ key: 'entities:enums.userType', only: true, ...PANEL_USER_TYPES }, { key: 'common:userTypes' }],
  }),
  set({
    name: 'REPRESENTATIVE_KINDS',
    source: 'src/shared/permissionNames.ts',
    values: REPRESENTATIVE_KINDS,
    schemas: [enumOf('schemas/entities/user.json', 'representativeKind'), enumOf('schemas/forms/user.json', 'representativeKind')],
    checks: [{ column: 'users.representative_kind' }],
    labels: [{ key: 'entities:enums.representativeKind', only: true }],
  }),
  set({
    name: 'LOGIN_VARIANTS',
    source: 'src/shared/customers.ts',
    values: LOGIN_VARIANTS,
    schemas: [enumOf('schemas/entities/customer.json', 'loginVariant'), enumOf('schemas/forms/customer.json', 'loginVariant')],
    checks: [{ column: 'customers.login_variant' }],
    labels: [{ key: 'entities:enums.loginVariant', only: true }],
  }),
  set({
    name: 'MESSAGE_LANGUAGES',
    source: 'src/shared/customers.ts',
    values: MESSAGE_LANGUAGES,
    schemas: [enumOf('schemas/forms/customer-settings.json', 'MESSAGES_LANGUAGE')],
    labels: [{ key: 'pages:customerSettings.languages', only: true }],
  }),
  set({
    name: 'BUDGET_INTERVALS',
    source: 'src/shared/programs.ts',
    values: BUDGET_INTERVALS,
    schemas: [
      enumOf('schemas/entities/program.json', 'budgetInterval'),
      itemsEnumOf('schemas/filters/program.json', 'budgetInterval'),
      enumOf('schemas/forms/program.json', 'budgetInterval'),
    ],
    checks: [{ column: 'programs.budget_interval' }],
    labels: [{ key: 'entities:enums.budgetInterval', only: true }, { key: 'dashboard:panels.selectedPrograms.intervals', only: true }],
  }),
  set({
    name: 'TRANSFER_FILE_FORMATS',
    source: 'src/shared/settlement.ts',
    values: TRANSFER_FILE_FORMATS,
    checks: [{ column: 'transfer_batches.file_type' }],
  }),
  set({
    name: 'BATCH_STATUSES',
    source: 'src/shared/settlement.ts',
    values: BATCH_STATUSES,
    schemas: [enumOf('schemas/entities/transfer-batch.json', 'status')],
    checks: [{ column: 'transfer_batches.status' }],
    labels: [{ key: 'entities:enums.batchStatus', only: true }],
  }),
  set({
    name: 'BATCH_OUTCOMES',
    source: 'src/shared/settlement.ts',
    values: BATCH_OUTCOMES,
    schemas: [enumOf('schemas/forms/settlement-batch-status.json', 'status')],
  }),
  set({
    name: 'BENEFICIARY_TYPES',
    source: 'src/shared/collection.ts',
    values: BENEFICIARY_TYPES,
    schemas: [enumOf('schemas/forms/bank-account.json', 'beneficiaryType'), enumOf('schemas/responses/collection-bank-account.json', 'beneficiaryType')],
    checks: [{ column: 'bank_accounts.beneficiary_type' }],
    labels: [{ key: 'collection:bank' }, { key: 'entities:enums.beneficiaryType' }],
  }),
  set({
    name: 'PAYER_BANKS',
    source: 'src/shared/payerDetails.ts',
    values: PAYER_BANKS,
    schemas: [enumOf('schemas/forms/payer-details.json', 'bank')],
    checks: [{ column: 'payer_details.bank' }],
    labels: [{ key: 'pages:payerDetails.banks' }],
  }),
  set({
    name: 'COLLECTION_HEADER_TYPES',
    source: 'src/shared/collection.ts',
    values: COLLECTION_HEADER_TYPES,
    schemas: [enumOf('schemas/forms/collection-page.json', 'headerType'), enumOf('schemas/responses/collection-template-properties.json', 'headerType')],
    labels: [{ key: 'pages:enums.collectionHeaderType', only: true }],
  }),
  set({
    name: 'COLLECTION_BACKGROUND_TYPES',
    source: 'src/shared/collection.ts',
    values: COLLECTION_BACKGROUND_TYPES,
    schemas: [enumOf('schemas/forms/collection-page.json', 'backgroundType'), enumOf('schemas/responses/collection-template-properties.json', 'backgroundType')],
    labels: [{ key: 'pages:enums.collectionBackgroundType', only: true }],
  }),
  set({
    name: 'OUTBOX_CHANNELS',
    source: 'src/shared/outbox.ts',
    values: OUTBOX_CHANNELS,
    schemas: [enumOf('schemas/entities/outbox.json', 'channel'), itemsEnumOf('schemas/filters/outbox.json', 'channel')],
    checks: [{ column: 'outbox.channel' }],
    labels: [{ key: 'entities:enums.outboxChannel', only: true }],
  }),
  set({
    name: 'OUTBOX_STATES',
    source: 'src/shared/outbox.ts',
    values: OUTBOX_STATES,
    schemas: [
      enumOf('schemas/entities/outbox.json', 'state'),
      itemsEnumOf('schemas/filters/outbox.json', 'state'),
      enumOf('schemas/entities/webhook-delivery.json', 'state'),
      itemsEnumOf('schemas/filters/webhook-delivery.json', 'state'),
    ],
    labels: [{ key: 'entities:enums.outboxState', only: true }, { key: 'pages:webhooks.deliveryStates', only: true }],
  }),
  set({
    name: 'WEBHOOK_EVENTS',
    source: 'src/shared/webhooks.ts',
    values: WEBHOOK_EVENTS,
    schemas: [
      enumOf('schemas/entities/webhook-delivery.json', 'eventType'),
      itemsEnumOf('schemas/filters/webhook-delivery.json', 'eventType'),
      itemsEnumOf('schemas/entities/webhook-endpoint.json', 'events'),
      itemsEnumOf('schemas/forms/webhook-endpoint.json', 'events'),
    ],
    labels: [{ key: 'pages:webhooks.events', only: true }],
  }),
  set({
    name: 'WEBHOOK_ENDPOINT_STATES',
    source: 'src/shared/webhooks.ts',
    values: WEBHOOK_ENDPOINT_STATES,
    schemas: [enumOf('schemas/entities/webhook-endpoint.json', 'state')],
    labels: [{ key: 'pages:webhooks.states', only: true }],
  }),
  set({
    name: 'API_KEY_PERMISSIONS',
    source: 'src/shared/apiKeys.ts',
    values: API_KEY_PERMISSIONS,
    schemas: [itemsEnumOf('schemas/forms/api-key.json', 'permissions')],
    labels: [{ key: 'pages:integration.permissions', only: true }],
  }),
  set({
    name: 'API_KEY_STATES',
    source: 'src/shared/apiKeys.ts',
    values: API_KEY_STATES,
    schemas: [enumOf('schemas/entities/api-key.json', 'state')],
    labels: [{ key: 'pages:integration.states', only: true }],
  }),
  set({
    name: 'STEP_UP_PURPOSES',
    source: 'src/shared/stepUp.ts',
    values: STEP_UP_PURPOSES,
    schemas: [{ file: 'schemas/responses/authorization-required.json', pointer: '/properties/authorization/properties/operation/enum' }],
    labels: [{ key: 'pages:authorization.operations', only: true }],
  }),
  set({
    name: 'NOTIFICATION_KINDS',
    source: 'src/shared/notifications.ts',
    values: NOTIFICATION_KINDS,
    labels: [{ key: 'common:notifications', only: true }],
  }),
  set({
    name: 'REPORTING_PERIODS',
    source: 'src/shared/dashboard.ts',
    values: REPORTING_PERIODS,
    schemas: [{ file: 'schemas/screens.schema.json', pointer: '/definitions/dashboardScreen/properties/defaultPeriod/enum' }],
    labels: [{ key: 'dashboard:period.kinds', only: true }],
  }),
  set({
    // Every date range of the filters offers the relative presets (its filter value names one); "Another period" and
    // "All" are offered without a value of their own. checkDatePresets.ts holds the rest of the presets' rules.
    name: 'DATE_PRESETS',
    source: 'src/shared/datePresets.ts',
    values: DATE_PRESETS,
    schemas: [
      presetsOf('schemas/filters/payout.json', 'createdAt'),
      presetsOf('schemas/filters/payout.json', 'collectedAt'),
      presetsOf('schemas/filters/payout.json', 'endDate'),
      presetsOf('schemas/filters/recipient.json', 'createdAt'),
      presetsOf('schemas/filters/audit.json', 'createdAt'),
      presetsOf('schemas/filters/balance-update.json', 'createdAt'),
    ],
    labels: [{ key: 'dashboard:period.presets', only: true }],
  }),
  set({
    name: 'COLLECTION_RATE_CATEGORIES',
    source: 'src/shared/dashboard.ts',
    values: COLLECTION_RATE_CATEGORIES,
    labels: [{ key: 'dashboard:panels.collectionRates.categories', only: true }],
  }),
  set({
    name: 'CUSTOMER_FEATURES',
    source: 'src/shared/customerFeatures.ts',
    values: CUSTOMER_FEATURES,
    schemas: [{ file: 'schemas/screens.schema.json', pointer: '/definitions/nav/properties/feature/enum' }],
  }),
  set({
    name: 'IMAGE_TYPES',
    source: 'src/shared/images.ts',
    values: IMAGE_TYPES,
    checks: [{ column: 'images.content_type' }],
  }),
];
