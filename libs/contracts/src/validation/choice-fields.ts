import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn } from 'class-validator';
import { compose } from './compose';
import { IfPresent } from './if-present';
import { toBoolean } from './transforms';

const oneOf = (label: string, values: readonly unknown[]) => ({
  message: `${label} must be one of: ${values.join(', ')}`,
});

/** A value from a fixed list, required. */
export function RequiredChoice(
  label: string,
  values: readonly unknown[],
  requiredMessage = `${label} is required`,
): PropertyDecorator {
  return compose(IsDefined({ message: requiredMessage }), IsIn(values, oneOf(label, values)));
}

/** A value from a fixed list, or absent (undefined); null is refused. */
export function OptionalChoice(label: string, values: readonly unknown[]): PropertyDecorator {
  return compose(IfPresent(), IsIn(values, oneOf(label, values)));
}

/** true or false, or absent (undefined); null is refused. */
export function OptionalBoolean(label: string): PropertyDecorator {
  return compose(IfPresent(), IsBoolean({ message: `${label} must be true or false` }));
}

/** A query-string flag: `true` or `false` as text (or absent). */
export function OptionalQueryFlag(label: string): PropertyDecorator {
  return compose(Transform(toBoolean), OptionalBoolean(label));
}
