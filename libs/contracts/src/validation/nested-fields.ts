import { plainToInstance, Transform } from 'class-transformer';
import { IsDefined, IsObject, ValidateNested } from 'class-validator';
import { compose } from './compose';

/**
 * An object validated as `dto`, its fields named under this one (`draft.aiConfig.companyName`); required. The
 * object becomes a `dto` by a Transform rather than class-transformer's `@Type`, which reads `design:type` through
 * reflect-metadata (the contracts do not load it). `context.dto` tells the OpenAPI document the nested shape.
 */
export function RequiredNested(label: string, dto: new () => object): PropertyDecorator {
  return compose(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? plainToInstance(dto, value)
        : value,
    ),
    IsDefined({ message: `${label} is required` }),
    IsObject({ message: `${label} must be an object` }),
    ValidateNested({ context: { dto } }),
  );
}
