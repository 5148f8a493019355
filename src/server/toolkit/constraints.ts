// What the database refuses during a write is the caller's input: a unique index is reported under the
// field it guards with the area's own code, anything else the database refuses (db-errors.ts) under
// the field its column belongs to.
import { fieldFailure } from '../errors.ts';
import { databaseFailure } from '../db-errors.ts';

/** A unique index (by name) -> the field it guards and the validation code shown under it. */
export type UniqueRules = Record<string, { property: string; code: string }>;

export async function guardConstraints<T>(work: () => Promise<T>, unique: UniqueRules = {}, fieldOfColumn: (column: string) => string | undefined = () => undefined): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const e = err as { code?: string; constraint?: string; message?: string };
    if (e.code === '23505') {
      const hit = Object.entries(unique).find(([name]) => e.constraint === name || e.message?.includes(`"${name}"`));
      if (hit) throw fieldFailure(hit[1].property, hit[1].code);
    }
    throw databaseFailure(err, fieldOfColumn) ?? err;
  }
}
