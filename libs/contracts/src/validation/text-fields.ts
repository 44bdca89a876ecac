import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { compose } from './compose';
import { trim, blankToNull } from './transforms';
import { WellFormedText } from './well-formed-text';

interface TextOptions {
  max: number;
  /** Replaces `{label} is required`. */
  requiredMessage?: string;
}

/** Text that must be present and not blank; stored trimmed. */
export function RequiredText(label: string, { max, requiredMessage }: TextOptions): PropertyDecorator {
  const required = requiredMessage ?? `${label} is required`;
  return compose(
    Transform(trim),
    IsDefined({ message: required }),
    IsString({ message: `${label} must be text` }),
    IsNotEmpty({ message: required }),
    WellFormedText(label),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );
}

/** Text that may be absent (undefined) or empty (null, also when blank); stored trimmed. */
export function OptionalText(label: string, { max }: Pick<TextOptions, 'max'>): PropertyDecorator {
  return compose(
    Transform(blankToNull),
    IsOptional(),
    IsString({ message: `${label} must be text` }),
    WellFormedText(label),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );
}
