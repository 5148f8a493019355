// Row types of the database, as Kysely sees them.
import type { ColumnType, Generated, GeneratedAlways, Selectable } from 'kysely';
import type { BalanceUpdateType, ChannelType, RepresentativePermission, TransferType } from '../../shared/accounts.ts';
import type { ImageType } from '../../shared/images.ts';
import type { PayerBank } from '../../shared/payerDetails.ts';
import type { PayoutSource, PayoutStatus } from '../../shared/payouts.ts';
import type { TransferFileFormat } from '../../shared/settlement.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

interface CustomersTable {
  id: Generated<number>;
  name: string;
  url: string;
  logo_url: string | null;
  primary_color: string | null;
  login_variant: 'LOGIN_PASSWORD' | 'LOGIN' | 'PHONE' | null;
  /** ISO 3166-1 alpha-2; the default language of the customer's messages follows it. */
  country_code: Generated<string>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface UsersTable {
  id: Generated<number>;
  customer_id: number | null;
  login: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  email: string | null;
  type: 'USER' | 'ADMIN' | 'SUPER_ADMIN' | 'RECIPIENT';
  representative_kind: 'GENERAL' | 'SPECIAL' | null;
  is_active: Generated<boolean>;
  /** The recipient a RECIPIENT user signs in for (the collection page); null for staff. */
  recipient_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  program_id: ColumnType<number | null, number | null | undefined, number | null>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

interface LoginFailuresTable {
  identity: string;
  failures: number;
  last_failure_at: Timestamp;
  blocked_until: Timestamp | null;
}

export type CodePurpose = 'LOGIN' | 'DEVICE' | 'RESTORE' | 'STEP_UP';

interface VerificationCodesTable {
  id: Generated<number>;
  purpose: CodePurpose;
  user_id: number;
  code_hash: string;
  device_hash: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
  /** The operation a step-up code authorizes (a hash of its kind and parameters); null for other codes. */
  operation_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

interface KnownDevicesTable {
  user_id: number;
  device_hash: string;
  created_at: Timestamp;
}

interface OutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'email' | 'webhook';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Timestamp;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
  customer_id: number | null;
  next_attempt_at: Timestamp | null;
  max_attempts: Generated<number>;
  webhook_endpoint_id: number | null;
  event_id: string | null;
  last_status: number | null;
  /** SMS and e-mail's lane (migration 020): verification codes are served before bulk messages. */
  lane: Generated<'code' | 'bulk'>;
}

interface WebhookEndpointsTable {
  id: Generated<number>;
  customer_id: number;
  url: string;
  description: string | null;
  events: string[];
  secret: string;
  enabled: Generated<boolean>;
  failing_since: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface WebhookAttemptsTable {
  id: Generated<number>;
  outbox_id: number;
  attempted_at: Timestamp;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

interface SettingsTable {
  customer_id: Generated<number>;
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface RecipientsTable {
  id: Generated<number>;
  customer_id: number;
  external_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string;
  billon_user_name: string | null;
  blocked: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  import_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type BudgetInterval = 'ONE_TIME' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'YEARLY';

export interface BankAccountsTable {
  id: Generated<number>;
  /** Null once an admin removed the account while payouts went to it (migration 026): removed_recipient_id names it. */
  recipient_id: number | null;
  country_code: string;
  currency: string;
  channel: ChannelType;
  beneficiary_type: 'INDIVIDUAL' | 'COMPANY';
  beneficiary_name: string;
  iban: string | null;
  bic: string | null;
  sort_code: string | null;
  account_number: string | null;
  routing_code: string | null;
  created_at: Timestamp;
  removed_at: Date | null;
  removed_recipient_id: number | null;
}

/** A customer's own details as the payer of its payouts (migration 026). */
interface PayerDetailsTable {
  customer_id: number;
  legal_name: string;
  street: string;
  postal_code: string;
  city: string;
  tax_id: string;
  iban: string;
  bank: PayerBank;
  updated_at: Timestamp;
}

interface ImportsTable {
  id: Generated<number>;
  customer_id: number;
  kind: 'PAYOUTS' | 'RECIPIENTS';
  rows: number;
  created_by: number | null;
  created_at: Timestamp;
}

interface TransferBatchesTable {
  id: Generated<number>;
  channel: string;
  currency: string;
  status: Generated<'GENERATED' | 'COMPLETED_SUCCESSFULLY' | 'RETURNED'>;
  payouts: number;
  amount: number;
  file_name: string;
  file_type: TransferFileFormat;
  file: string;
  created_by: number | null;
  created_at: Timestamp;
  closed_at: Date | null;
}

interface ApiKeysTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  prefix: string;
  secret_hash: string;
  permissions: string[] | null;
  created_by: number;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

interface RateLimitWindowsTable {
  key: string;
  window_start: Timestamp;
  window_end: Timestamp;
  count: number;
}

interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status: number | null;
  body: string | null;
  created_at: Timestamp;
}

interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  title_key: string;
  params: Generated<string>;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

interface ImagesTable {
  key: string;
  customer_id: number;
  content_type: ImageType;
  bytes: Uint8Array;
  created_at: Timestamp;
}

interface ProgramSettingsTable {
  program_id: number;
  key: string;
  value: string;
  updated_at: Timestamp;
}

interface ProgramsTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  currency: string;
  budget: number;
  budget_interval: BudgetInterval;
  url: string | null;
  reminder_enabled: Generated<boolean>;
  reminder_days: number | null;
  reminder_hour: number | null;
  reminder_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** bigint columns: read as JS numbers (the int8 parser of db/index.ts refuses anything beyond 2^53). */
interface AccountsTable {
  id: Generated<number>;
  customer_id: number;
  name: Generated<string>;
  currency: string;
  balance: Generated<number>;
  locked_balance: Generated<number>;
  channel_type: ChannelType | null;
  transfer_type: TransferType | null;
  /** Derived from the id by the database (migration 027): the barcode pay-in page's reference. */
  payin_reference: GeneratedAlways<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface AccountRepresentativesTable {
  account_id: number;
  user_id: number;
  permission: RepresentativePermission;
  created_at: Timestamp;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
interface BalanceUpdatesTable {
  id: Generated<number>;
  account_id: number;
  type: BalanceUpdateType;
  balance_change: number;
  locked_balance_change: number;
  balance_after: number;
  locked_balance_after: number;
  counterparty_account_id: number | null;
  payout_id: number | null;
  reference: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  created_by: number | null;
  session_id: number | null;
  api_key_id: number | null;
  /** The journal entry this row is a leg of (migration 022). */
  entry_id: number;
}

/** A movement: its legs are balance_updates rows and outside_legs rows, summing to zero. Append-only. */
interface JournalEntriesTable {
  id: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type OutsideAccountKind = 'TOP_UP_SOURCE' | 'PAYOUT_SINK';

/** The outside world's accounts, one of each kind per currency; no customer's. */
interface OutsideAccountsTable {
  id: Generated<number>;
  kind: OutsideAccountKind;
  currency: string;
}

/** A leg of an entry on an outside account. Append-only. */
interface OutsideLegsTable {
  id: Generated<number>;
  entry_id: number;
  outside_account_id: number;
  amount: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Append-only, like balance_updates. before and after are JSON documents. */
interface AuditLogTable {
  id: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  actor_user_id: number | null;
  actor_session_id: number | null;
  actor_api_key_id: number | null;
  customer_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
}

interface PayoutsTable {
  id: Generated<number>;
  customer_id: number;
  reference: string;
  status: PayoutStatus;
  source: PayoutSource;
  account_id: number;
  program_id: number;
  recipient_id: number;
  amount: number;
  currency: string;
  title: string | null;
  sms_message: string | null;
  start_date: ColumnType<Date, Date | string | undefined, Date | string>;
  end_date: ColumnType<Date, Date | string, Date | string>;
  collected_at: Date | null;
  reminded_at: Date | null;
  bank_account_id: ColumnType<number | null, number | null | undefined, number | null>;
  transfer_batch_id: ColumnType<number | null, number | null | undefined, number | null>;
  import_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Kept by triggers on payouts (migration 030); read by the dashboard's summaries in SQL. */
interface PayoutRollupsTable {
  customer_id: number;
  grain: 'day' | 'month' | 'year';
  bucket: Date;
  program_id: number;
  currency: string;
  status: string;
  count: number;
  amount: number;
  collected_count: number;
  collected_amount: number;
  collected_24h_count: number;
  collected_24h_amount: number;
  collected_48h_count: number;
  collected_48h_amount: number;
  collected_72h_count: number;
  collected_72h_amount: number;
}

interface PayoutRecipientRollupsTable {
  customer_id: number;
  grain: 'month' | 'quarter' | 'year';
  bucket: Date;
  recipient_id: number;
  currency: string;
  count: number;
  amount: number;
}

interface PayoutStatusChangesTable {
  id: Generated<number>;
  payout_id: number;
  from_status: PayoutStatus | null;
  to_status: PayoutStatus;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  created_by: number | null;
}

export interface Database {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_attempts: WebhookAttemptsTable;
  payouts: PayoutsTable;
  bank_accounts: BankAccountsTable;
  payer_details: PayerDetailsTable;
  program_settings: ProgramSettingsTable;
  images: ImagesTable;
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_windows: RateLimitWindowsTable;
  notifications: NotificationsTable;
  transfer_batches: TransferBatchesTable;
  imports: ImportsTable;
  payout_status_changes: PayoutStatusChangesTable;
  payout_rollups: PayoutRollupsTable;
  payout_recipient_rollups: PayoutRecipientRollupsTable;
  accounts: AccountsTable;
  account_representatives: AccountRepresentativesTable;
  balance_updates: BalanceUpdatesTable;
  journal_entries: JournalEntriesTable;
  outside_accounts: OutsideAccountsTable;
  outside_legs: OutsideLegsTable;
  audit_log: AuditLogTable;
  recipients: RecipientsTable;
  programs: ProgramsTable;
  customers: CustomersTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  verification_codes: VerificationCodesTable;
  known_devices: KnownDevicesTable;
  outbox: OutboxTable;
  settings: SettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type BalanceUpdateRow = Selectable<BalanceUpdatesTable>;
