import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { compose } from './compose';
import { IfPresent } from './if-present';
import { trimEach, trimList } from './transforms';
import { WellFormedText } from './well-formed-text';

/**
 * An optional list of short texts (tags, features); items are trimmed and blank ones dropped, or, with
 * `blankItems: 'refuse'`, refused naming the field (a blank feature is a mistake worth telling); null is
 * refused.
 */
export function OptionalTextList(
  label: string,
  {
    maxItems,
    maxLength,
    blankItems = 'drop',
  }: { maxItems: number; maxLength: number; blankItems?: 'drop' | 'refuse' },
): PropertyDecorator {
  const notAList = { message: `${label} must be a list of text` };
  const refuseBlank = IsNotEmpty({ each: true, message: `${label} cannot have empty items` });
  return compose(
    Transform(blankItems === 'drop' ? trimList : trimEach),
    IfPresent(),
    IsArray(notAList),
    IsString({ ...notAList, each: true }),
    ...(blankItems === 'refuse' ? [refuseBlank] : []),
    WellFormedText(label, { each: true }),
    ArrayMaxSize(maxItems, { message: `${label} can have at most ${maxItems} items` }),
    MaxLength(maxLength, { each: true, message: `${label} must each be at most ${maxLength} characters` }),
  );
}
