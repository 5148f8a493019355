// Who did something, as a person reads it, for the audit log and a payout's status history: a staff user by login;
// a recipient (whose user signs in on the collection page under the login `recipient:<id>`) by the recipient's
// name, or phone number while it has none; nobody (null) for the system's own jobs. The kind says which it was, and
// an API key's call is the key's (it acts as the staff user who made it).
// The query joins `users` (the actor, left join) and `recipients` on users.recipient_id under the names given.
import { sql, type RawBuilder } from 'kysely';
import type { ActorKind } from '../../shared/audit.ts';

export interface ActorTables {
  /** The alias of the acting user's row. */
  users: string;
  /** The alias of the recipient joined on the user's recipient_id. */
  recipients: string;
  /** The column of the API key an entry was made with, where the source records one. */
  apiKeyId?: string;
}

/** The actor's name: a recipient's name or phone number, a staff user's login; null for the system. */
export function actorNameSql({ users, recipients }: ActorTables): RawBuilder<string | null> {
  const u = (column: string) => sql.ref(`${users}.${column}`);
  const r = (column: string) => sql.ref(`${recipients}.${column}`);
  return sql<string | null>`CASE WHEN ${u('type')} = 'RECIPIENT'
    THEN coalesce(nullif(concat_ws(' ', ${r('first_name')}, ${r('last_name')}), ''), ${r('phone_number')}, ${u('login')})
    ELSE ${u('login')} END`;
}

/** The actor's kind (ACTOR_KINDS). */
export function actorKindSql({ users, apiKeyId }: ActorTables): RawBuilder<ActorKind> {
  const key = apiKeyId ? sql`WHEN ${sql.ref(apiKeyId)} IS NOT NULL THEN 'API_KEY'` : sql``;
  return sql<ActorKind>`CASE WHEN ${sql.ref(`${users}.id`)} IS NULL THEN 'SYSTEM' ${key} WHEN ${sql.ref(`${users}.type`)} = 'RECIPIENT' THEN 'RECIPIENT' ELSE 'USER' END`;
}
