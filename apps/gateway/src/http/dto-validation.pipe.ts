import { type ArgumentMetadata, Injectable, type PipeTransform, type Type } from '@nestjs/common';
import { DomainException, ErrorCode } from '@parley/contracts';
import { parsePayload } from '@parley/server-kit';
import { RejectedBody } from './json-body';

/**
 * Bodies and queries go through parsePayload (the contracts' validateDto), the same check the services
 * run on what arrives over NATS: one set of rules and messages, and a 400 `{ message, field }` naming
 * the first bad field. Route parameters (`:id`) are plain text, checked by the service that looks them up.
 */
@Injectable()
export class DtoValidationPipe implements PipeTransform {
  transform(value: unknown, { type, metatype }: ArgumentMetadata): unknown {
    if (value instanceof RejectedBody) throw new DomainException(ErrorCode.ValidationFailed, value.message);
    if ((type !== 'body' && type !== 'query') || !isDtoClass(metatype)) return value;
    return parsePayload(metatype, value);
  }
}

/** Whether a parameter's declared type is a DTO class (not a built-in such as String or Object). */
export function isDtoClass(type: unknown): type is Type<object> {
  return typeof type === 'function' && ![Object, String, Number, Boolean, Array].includes(type as never);
}
