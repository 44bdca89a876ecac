import { Module } from '@nestjs/common';
import { CurrencyController } from './currency.controller';
import { CurrencyQueries } from './currency.queries';

/** The business's currency, as messaging-service's AI configuration sets it. */
@Module({ controllers: [CurrencyController], providers: [CurrencyQueries] })
export class CurrencyModule {}
