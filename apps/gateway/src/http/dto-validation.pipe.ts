import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { DomainException, ErrorCode, validateDto } from '@parley/contracts';
import { RejectedBody } from './json-body';

/**
 * Bodies and queries go through the contracts' validateDto, the same function the services run on what
 * arrives over NATS: one set of rules and messages, and a 400 `{ message, field }` naming the first bad
 * field. Route parameters (`:id`) are plain text, checked by the service that looks them up.
 */
@Injectable()
export class DtoValidationPipe implements PipeTransform {
  transform(value: unknown, { type, metatype }: ArgumentMetadata): unknown {
    if (value instanceof RejectedBody) throw new DomainException(ErrorCode.ValidationFailed, value.message);
    if ((type !== 'body' && type !== 'query') || !isDtoClass(metatype)) return value;
    const result = validateDto(metatype, value);
    if (result.ok) return result.value;
    throw new DomainException(
      ErrorCode.ValidationFailed,
      result.message,
      result.field === undefined ? undefined : { field: result.field },
    );
  }
}

function isDtoClass(metatype: ArgumentMetadata['metatype']): metatype is new () => object {
  return (
    typeof metatype === 'function' && ![Object, String, Number, Boolean, Array].includes(metatype as never)
  );
}
