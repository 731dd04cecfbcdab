/** The named text fields of a record as a form's values: each as stored, or empty when the record or the value is missing. */
export function textsOf<R extends object, K extends keyof R & string>(record: R | null | undefined, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, (record?.[key] as string | null | undefined) ?? ''])) as Record<K, string>;
}
