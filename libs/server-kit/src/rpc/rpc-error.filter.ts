import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { DomainException, ErrorCode, type RpcErrorBody } from '@parley/contracts';
import { type Observable, throwError } from 'rxjs';
import { isStoreUnavailable } from './unavailable';

/**
 * The one place a service turns an exception into what crosses NATS: `{ code, message }`.
 * Domain exceptions keep their code and message; a store that cannot be reached (PostgreSQL, Redis)
 * becomes SERVICE_UNAVAILABLE (a 503 the client may retry), logged as one line; anything else is logged
 * here and becomes INTERNAL, so no stack, SQL or library name ever reaches a caller.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown): Observable<never> {
    if (exception instanceof DomainException) {
      return throwError(() => exception.toBody());
    }
    if (isStoreUnavailable(exception)) {
      this.logger.warn(`A store is unavailable: ${(exception as Error).message}`);
      return throwError(() => UNAVAILABLE);
    }
    this.logger.error(exception instanceof Error ? exception : String(exception));
    const body: RpcErrorBody = {
      code: ErrorCode.Internal,
      message: 'The service could not complete the request',
    };
    return throwError(() => body);
  }
}

const UNAVAILABLE: RpcErrorBody = {
  code: ErrorCode.ServiceUnavailable,
  message: 'Parley cannot reach its data right now. Please try again in a moment.',
};
