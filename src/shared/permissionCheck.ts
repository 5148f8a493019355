// The access rule alone, without the permission matrix: the panel imports this, so schemas/permissions.json stays out
// of its start-up code (the server reads the matrix through permissions.ts).

/** Access is granted when the user holds any one of the required permissions; no requirement means open. */
export function hasAnyPermission(held: readonly string[] | undefined, required: string | readonly string[] | undefined): boolean {
  if (required === undefined) return true;
  const list = typeof required === 'string' ? [required] : required;
  if (list.length === 0) return true;
  if (!held) return false;
  return list.some((p) => held.includes(p));
}
