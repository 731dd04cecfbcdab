/**
 * A table's columns (`getTableColumns`) without `omitted`: a selection of what a hot query needs,
 * whose row type is the table's row without those keys.
 */
export function columnsWithout<C extends Record<string, unknown>, K extends keyof C>(columns: C, omitted: readonly K[]): Omit<C, K> {
  const rest: Partial<C> = { ...columns };
  for (const key of omitted) delete rest[key];
  return rest as Omit<C, K>;
}
