import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DomainException,
  ErrorCode,
  isCurrency,
  PRODUCTS_SUBJECTS,
  type RpcRequest,
  type SetCatalogueCurrencyResponse,
} from '@parley/contracts';
import { requireActor } from '@parley/server-kit';
import { CurrencyQueries } from './currency.queries';

/** catalogue.currency.set, from messaging-service when the owner changes the business's currency. */
@Controller()
export class CurrencyController {
  constructor(private readonly queries: CurrencyQueries) {}

  @MessagePattern(PRODUCTS_SUBJECTS.setCurrency)
  async set(@Payload() req: RpcRequest<{ currency?: unknown } | undefined>): Promise<SetCatalogueCurrencyResponse> {
    const currency = req.data?.currency;
    // A service never trusts its caller.
    if (!isCurrency(currency))
      throw new DomainException(ErrorCode.ValidationFailed, 'Currency must be an ISO 4217 code of the list', {
        field: 'currency',
      });
    return { currency, relabelled: await this.queries.set(requireActor(req).workspaceId, currency) };
  }
}
