import { plainToInstance, Transform } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { compose } from './compose';

type ItemClass = new () => object;

/** Which DTO property holds a list of which item class (for the API description). */
const ITEM_CLASSES = new Map<object, Map<string, ItemClass>>();

/**
 * A list of `itemClass` objects, each turned into one and validated as one (its errors name
 * `<field>.<index>.<item field>`; an item that is not an object at all is the list's own error, naming `<field>`). Not class-transformer's @Type: that reads reflect-metadata, which the
 * web app (these rules' other user) does not load. Combine with IsArray and the size checks.
 */
export function NestedList(itemClass: ItemClass): PropertyDecorator {
  const register: PropertyDecorator = (target, property) => {
    const byProperty = ITEM_CLASSES.get(target.constructor) ?? new Map<string, ItemClass>();
    byProperty.set(String(property), itemClass);
    ITEM_CLASSES.set(target.constructor, byProperty);
  };
  return compose(
    register,
    IsObject({ each: true, message: ({ property }) => `Each item of ${property} must be an object` }),
    ValidateNested({ each: true }),
    Transform(({ value }: { value: unknown }) =>
      Array.isArray(value)
        ? value.map((item: unknown) =>
            typeof item === 'object' && item !== null ? plainToInstance(itemClass, item) : item,
          )
        : value,
    ),
  );
}

/** The item class of a NestedList property of `dto`, if it is one. */
export function nestedItemClass(dto: object, property: string): ItemClass | undefined {
  return ITEM_CLASSES.get(dto)?.get(property);
}
