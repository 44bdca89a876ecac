import { plainToInstance, Transform } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { compose } from './compose';

/**
 * A list of `itemClass` objects, each turned into one and validated as one (its errors name
 * `<field>.<index>.<item field>`; an item that is not an object at all is the list's own error, naming `<field>`).
 * Not class-transformer's @Type: that reads reflect-metadata, which the web app (these rules' other user) does not
 * load. `context.dto` tells the OpenAPI document the items' shape, as RequiredNested does for one object. Combine
 * with IsArray and the size checks.
 */
export function NestedList(itemClass: new () => object): PropertyDecorator {
  return compose(
    IsObject({ each: true, message: ({ property }) => `Each item of ${property} must be an object` }),
    ValidateNested({ each: true, context: { dto: itemClass } }),
    Transform(({ value }: { value: unknown }) =>
      Array.isArray(value)
        ? value.map((item: unknown) =>
            typeof item === 'object' && item !== null ? plainToInstance(itemClass, item) : item,
          )
        : value,
    ),
  );
}
