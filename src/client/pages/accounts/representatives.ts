// The people of the representatives screen: how they are named, and who may be added.
import type { AccountRepresentative } from '../../../shared/accounts.ts';

export interface UserRow {
  id: number;
  login: string;
  firstName: string | null;
  lastName: string | null;
  type: string;
  isActive: boolean;
}

/** "First Last (login)", or the login alone. */
export function personLabel(person: { login: string; firstName: string | null; lastName: string | null }): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return name ? `${name} (${person.login})` : person.login;
}

/** Active USERs of the customer who are not representatives of the account yet. */
export function candidates(users: readonly UserRow[], representatives: readonly AccountRepresentative[]): UserRow[] {
  const taken = new Set(representatives.map((r) => r.userId));
  return users.filter((user) => user.type === 'USER' && user.isActive !== false && !taken.has(user.id));
}
