import { Logger, type Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions, DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

const logger = new Logger('OpenApi');

type Primitive = 'string' | 'integer' | 'number' | 'boolean';

/** One property's schema as the validators describe it (of each item, for `each: true` validators). */
interface Shape {
  type?: Primitive;
  enum?: unknown[];
  format?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
}

interface PropertyShape extends Shape {
  /** An object validated as this DTO (ValidateNested with `context: { dto }`). */
  nested?: Type;
  array: boolean;
  optional: boolean;
  nullable: boolean;
  maxItems?: number;
  minItems?: number;
  items: Shape;
}

/**
 * What each check says about the value. Besides class-validator's own, the contracts' custom checks
 * that imply a type (by their ValidateBy name). Types never come from `design:type`: it is missing when
 * a DTO was loaded before reflect-metadata (the contracts do not import it).
 */
const DESCRIBE: Record<string, (shape: Shape, constraints: unknown[]) => void> = {
  isString: (s) => (s.type = 'string'),
  isInt: (s) => (s.type = 'integer'),
  isNumber: (s) => (s.type = 'number'),
  isBoolean: (s) => (s.type = 'boolean'),
  isEmail: (s) => Object.assign(s, { type: 'string', format: 'email' }),
  isUrl: (s) => Object.assign(s, { type: 'string', format: 'uri' }),
  isUUID: (s) => Object.assign(s, { type: 'string', format: 'uuid' }),
  isIso8601: (s) => Object.assign(s, { type: 'string', format: 'date-time' }),
  isIn: (s, [values]) => {
    s.enum = values as unknown[];
    s.type ??= primitiveOf(s.enum[0]);
  },
  maxLength: (s, [n]) => (s.maxLength = n as number),
  minLength: (s, [n]) => (s.minLength = n as number),
  isNotEmpty: (s) => (s.minLength ??= 1),
  min: (s, [n]) => (s.minimum = n as number),
  max: (s, [n]) => (s.maximum = n as number),
  matches: (s) => (s.type ??= 'string'),
  isWellFormedText: (s) => (s.type ??= 'string'),
  isParleyPassword: (s) => Object.assign(s, { type: s.type ?? 'string', format: 'password' }),
  isResponseDelay: (s) => (s.type ??= 'number'),
  isTextOrNull: (s) => (s.type = 'string'),
  maxLengthOrNull: (s, [n]) => (s.maxLength = n as number),
  isCalendarDate: (s) => Object.assign(s, { type: 'string', format: 'date' }),
  isTimeZone: (s) => (s.type ??= 'string'),
};

/**
 * The contracts' custom checks that judge an absent (or null) value themselves, with the other fields:
 * the field may be left out or null when those allow it (Add Customer's platform username).
 */
const JUDGES_ABSENCE = new Set(['isCustomerContact']);

function primitiveOf(value: unknown): Primitive | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return undefined;
}

/** Every validated property of `dto` (inherited ones too), its checks in declaration order. */
function validatedProperties(dto: Type): Map<string, ValidationMetadata[]> {
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const m of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    byProperty.set(m.propertyName, [...(byProperty.get(m.propertyName) ?? []), m]);
  }
  return byProperty;
}

function shapeOf(checks: ValidationMetadata[], hasDefault: boolean): PropertyShape {
  const shape: PropertyShape = { array: false, optional: hasDefault, nullable: false, items: {} };
  for (const check of checks) {
    if (check.type === 'conditionalValidation') {
      // IsOptional skips null and undefined; ValidateIf (IfPresent) skips only undefined.
      shape.optional = true;
      if (check.name === 'isOptional') shape.nullable = true;
      continue;
    }
    if (check.name !== undefined && JUDGES_ABSENCE.has(check.name)) {
      Object.assign(shape, { optional: true, nullable: true });
      continue;
    }
    if (check.type === 'nestedValidation') {
      const dto = (check.context as { dto?: Type } | undefined)?.dto;
      if (dto) shape.nested = dto;
      continue;
    }
    if (check.name === 'isArray') shape.array = true;
    else if (check.name === 'arrayMaxSize') shape.maxItems = check.constraints[0] as number;
    else if (check.name === 'arrayMinSize') shape.minItems = check.constraints[0] as number;
    else if (check.name !== undefined)
      DESCRIBE[check.name]?.(check.each ? shape.items : shape, check.constraints);
  }
  return shape;
}

function optionsOf(shape: PropertyShape, defaultValue: unknown): ApiPropertyOptions {
  const { nested, array, optional, nullable, items, maxItems, minItems, ...scalar } = shape;
  const common = {
    required: !optional,
    ...(nullable ? { nullable: true } : {}),
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  };
  // A nested object, or a list of them (NestedList): their class is described the same way and referred to.
  if (nested)
    return array ? { ...common, type: [nested], maxItems, minItems } : { ...common, type: () => nested };
  if (!array) return { ...common, ...scalar } as ApiPropertyOptions;
  return {
    ...common,
    type: 'array',
    items: { ...scalar, ...items },
    maxItems,
    minItems,
  } as ApiPropertyOptions;
}

/**
 * Gives @nestjs/swagger the shape of a class-validator DTO (what its CLI plugin would write as
 * `@ApiProperty`, which the contracts do not import): per validated property, its type, enum, limits,
 * whether it is required (no IsOptional/IfPresent/ValidateIf and no default) and whether null is allowed; a nested
 * DTO (ValidateNested naming it in its context) is described the same way and referred to.
 * Adds only swagger's metadata, and never over a property that already has an explicit `@ApiProperty`.
 */
export function describeDto(dto: Type): void {
  const defaults = instanceOf(dto);
  for (const [property, checks] of validatedProperties(dto)) {
    if (Reflect.hasOwnMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype as object, property)) continue;
    const defaultValue = defaults?.[property];
    const shape = shapeOf(checks, defaultValue !== undefined);
    if (shape.nested) describeDto(shape.nested);
    else if ((shape.array ? shape.items : shape).type === undefined) {
      // Swagger cannot describe a value of unknown type; the OpenAPI test then names the missing field.
      logger.warn(`${dto.name}.${property}: no check says its type; left out of the OpenAPI document`);
      continue;
    }
    ApiProperty(optionsOf(shape, defaultValue))(dto.prototype as object, property);
  }
}

/** The DTO's default values (e.g. a list query's `limit`), when it can be built without arguments. */
function instanceOf(dto: Type): Record<string, unknown> | undefined {
  try {
    return new dto() as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
