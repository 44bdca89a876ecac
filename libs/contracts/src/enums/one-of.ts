/** True when `value` is one of `values` (strict equality): the body of every `is…` guard of the contracts. */
export function isOneOf<T>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}
