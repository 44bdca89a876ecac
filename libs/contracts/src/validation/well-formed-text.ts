import { ValidateBy } from 'class-validator';

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text every layer can store and encode: PostgreSQL refuses NUL in text, and an unpaired UTF-16
 * surrogate has no UTF-8 form (it would be stored as U+FFFD, so a value would not read back as sent).
 */
export function isWellFormedText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

/** Refuses text (or, with `each`, a list of texts) that is not well formed; other types pass to the type checks. */
export function WellFormedText(label: string, options: { each?: boolean } = {}): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isWellFormedText',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || isWellFormedText(value),
      },
    },
    { each: options.each, message: `${label} contains a character that is not allowed` },
  );
}

/**
 * The path (`field` or `field.0`) of the first text anywhere in `value` that is not well formed: the net
 * under the field decorators, for fields whose decorators do not check text (passwords, tokens, ids).
 * Bodies are at most 64 levels deep (the gateway's parser refuses deeper ones); `maxDepth` keeps a
 * payload from elsewhere from recursing further.
 */
export function illFormedTextPath(value: unknown, maxDepth = 64): string | undefined {
  if (typeof value === 'string') return isWellFormedText(value) ? undefined : '';
  if (typeof value !== 'object' || value === null || maxDepth === 0) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!isWellFormedText(key)) return key.replace(/[^\x20-\x7e]/g, '?');
    const inner = illFormedTextPath(item, maxDepth - 1);
    if (inner !== undefined) return inner === '' ? key : `${key}.${inner}`;
  }
  return undefined;
}
