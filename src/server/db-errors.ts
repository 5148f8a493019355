// What the database refuses is the caller's input, not a crash: integrity violations (SQLSTATE class 23)
// and data exceptions (class 22) become 400s, naming the field where the database names the column. A transaction
// the database rolls back to end a deadlock or a serialization failure (class 40) is a 409 the user can send again.
// Used by the error handler for anything that escapes a route, and by the generic resources, which
// know their own column -> field mapping and unique indexes.
import { AppError, ValidationFailure, fieldFailure, type ErrorCode } from './errors.ts';
import { IDENTITY_INDEXES, identityTaken } from './identities.ts';

interface DatabaseErrorFields {
  code?: unknown;
  table?: string;
  column?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

/** A column's field where the caller does not know better: the camelCase of the column. */
const camelField = (column: string): string => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** The single column of `Key (customer_id)=(9) ...`, or of a constraint named table_column_suffix. */
function columnOf(e: DatabaseErrorFields, suffix: string): string | undefined {
  if (e.column) return e.column;
  const key = e.detail ? /^Key \(([a-z_][a-z0-9_]*)\)=/.exec(e.detail) : null;
  if (key) return key[1];
  if (e.table && e.constraint?.startsWith(`${e.table}_`) && e.constraint.endsWith(suffix)) {
    const middle = e.constraint.slice(e.table.length + 1, -suffix.length);
    return /^[a-z_][a-z0-9_]*$/.test(middle) ? middle : undefined;
  }
  return undefined;
}

/**
 * Why a row cannot be deleted, by the table deleted from and the table that still refers to it,
 * so the user learns what to remove first. Pairs not listed fall back to a general "still in use".
 */
const STILL_REFERENCED: Record<string, Record<string, ErrorCode>> = {
  programs: { payouts: 'PROGRAM_HAS_PAYOUTS', sessions: 'PROGRAM_HAS_COLLECTION_SESSIONS' },
  recipients: { payouts: 'RECIPIENT_HAS_PAYOUTS' },
  accounts: { payouts: 'ACCOUNT_HAS_PAYOUTS', balance_updates: 'ACCOUNT_HAS_MOVEMENTS' },
};

/** `update or delete on table "programs" violates foreign key constraint "..." on table "payouts"`. */
function stillReferencedCode(e: DatabaseErrorFields & { message?: string }): ErrorCode {
  const tables = /on table "([a-z_][a-z0-9_]*)" violates foreign key constraint "[^"]*" on table "([a-z_][a-z0-9_]*)"/.exec(e.message ?? '');
  const deleted = tables?.[1];
  const referring = e.table ?? tables?.[2];
  if (deleted === 'users') return 'USER_IN_USE';
  return (deleted && referring && STILL_REFERENCED[deleted]?.[referring]) || 'STILL_REFERENCED';
}

/**
 * The API error for a database error caused by the input, or null for any other error.
 * `fieldOf` maps a column to the field the caller sent (undefined: not a field of the body).
 */
export function databaseFailure(error: unknown, fieldOf: (column: string) => string | undefined = camelField): ValidationFailure | AppError | null {
  const e = (error ?? {}) as DatabaseErrorFields;
  const sqlState = typeof e.code === 'string' ? e.code : '';
  const field = (suffix: string) => {
    const column = columnOf(e, suffix);
    return (column && fieldOf(column)) ?? '';
  };
  switch (sqlState) {
    case '23502': // not_null_violation: a value the row needs was not given.
      return fieldFailure(field(''), 'REQUIRED');
    case '23503': // foreign_key_violation
      // Deleting or changing a row that others still refer to is refused as it stands.
      if (e.detail && /still referenced/.test(e.detail)) return new AppError(409, stillReferencedCode(e));
      // A reference to a row that does not exist.
      return fieldFailure(field('_fkey'), 'REFERENCE_NOT_FOUND');
    case '23505': // unique_violation the caller did not map to its own code
      // A login, e-mail or Billon App user name taken in a race: refused without naming the field (identities.ts).
      if ([...IDENTITY_INDEXES].some((name) => e.constraint === name || e.message?.includes(`"${name}"`))) return identityTaken();
      return fieldFailure(field('_key'), 'INVALID_VALUE');
    case '23514': // check_violation
      return fieldFailure(field('_check'), 'INVALID_VALUE');
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      // Rolled back for another transaction's sake: nothing of the request stays, and sent again it can go through.
      return new AppError(409, 'CONCURRENT_CHANGE');
  }
  if (/^2[23][0-9A-Z]{3}$/.test(sqlState)) return new AppError(400, 'INVALID_REQUEST');
  return null;
}
