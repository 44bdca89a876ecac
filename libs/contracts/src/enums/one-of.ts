/** True when `value` is one of `values` (strict equality): the body of every `is…` guard in this folder. */
export function isOneOf<T>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}
