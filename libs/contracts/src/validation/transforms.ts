import type { TransformFnParams } from 'class-transformer';

/** Each function is a class-transformer `@Transform`; values of an unexpected type pass through for the validators to reject. */

export function trim({ value }: TransformFnParams): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

/** An optional field left blank in a form is null: "no value", which clears a stored one. */
export function blankToNull({ value }: TransformFnParams): unknown {
  return typeof value === 'string' ? value.trim() || null : value;
}

/** Lists typed as comma-separated text arrive split; blanks are dropped like the forms do. */
export function trimList({ value }: TransformFnParams): unknown {
  if (!Array.isArray(value)) return value;
  return value
    .map((item: unknown) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
}

/** Each text item of a list trimmed, blanks kept (for the validators to refuse). */
export function trimEach({ value }: TransformFnParams): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item: unknown) => (typeof item === 'string' ? item.trim() : item));
}

/** Query-string numbers arrive as text. */
export function toNumber({ value }: TransformFnParams): unknown {
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
}

export function normaliseEmail({ value }: TransformFnParams): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

/** Query-string flags arrive as text: `true` and `false` become booleans; anything else is left for the validator. */
export function toBoolean({ value }: TransformFnParams): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}
