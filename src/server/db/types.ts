// Row types of the database, as Kysely sees them.
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  url: string;
  logo_url: string | null;
  primary_color: string | null;
  login_variant: 'LOGIN_PASSWORD' | 'LOGIN' | 'PHONE' | null;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
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
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface LoginFailuresTable {
  identity: string;
  failures: number;
  last_failure_at: Timestamp;
  blocked_until: Timestamp | null;
}

export type CodePurpose = 'LOGIN' | 'DEVICE' | 'RESTORE' | 'STEP_UP';

export interface VerificationCodesTable {
  id: Generated<number>;
  purpose: CodePurpose;
  user_id: number;
  code_hash: string;
  device_hash: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface KnownDevicesTable {
  user_id: number;
  device_hash: string;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Timestamp;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface SettingsTable {
  customer_id: Generated<number>;
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface RecipientsTable {
  id: Generated<number>;
  customer_id: number;
  external_id: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string;
  billon_user_name: string | null;
  blocked: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type BudgetInterval = 'ONE_TIME' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'YEARLY';

export interface ProgramsTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  currency: string;
  budget: number;
  budget_interval: BudgetInterval;
  used_budget: Generated<number>;
  url: string | null;
  reminder_enabled: Generated<boolean>;
  reminder_days: number | null;
  reminder_hour: number | null;
  reminder_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
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
