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

export interface Database {
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
