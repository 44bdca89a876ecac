import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { compose } from './compose';
import { IfPresent } from './if-present';
import { trimList } from './transforms';
import { WellFormedText } from './well-formed-text';

/** An optional list of short texts (tags, features); items are trimmed and blank ones dropped; null is refused. */
export function OptionalTextList(
  label: string,
  { maxItems, maxLength }: { maxItems: number; maxLength: number },
): PropertyDecorator {
  const notAList = { message: `${label} must be a list of text` };
  return compose(
    Transform(trimList),
    IfPresent(),
    IsArray(notAList),
    IsString({ ...notAList, each: true }),
    WellFormedText(label, { each: true }),
    ArrayMaxSize(maxItems, { message: `${label} can have at most ${maxItems} items` }),
    MaxLength(maxLength, { each: true, message: `${label} must each be at most ${maxLength} characters` }),
  );
}
