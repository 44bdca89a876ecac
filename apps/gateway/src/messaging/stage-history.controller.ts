import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  type Caller as CallerInfo,
  type CustomerResponse,
  MESSAGING_SUBJECTS,
  type StageChangeResponse,
  type StageSuggestionResponse,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { ANY_MEMBER, Roles } from '../auth/roles';
import { SessionGuard } from '../auth/session.guard';
import { Caller } from '../rpc/caller.decorator';

/**
 * Beyond the spec (issue 34, point 7; docs/reports.md, "Stage history"): who moved a customer and why, undoing the
 * AI's moves, and the stages the AI only suggests.
 */
@Controller('api')
@UseGuards(SessionGuard)
export class StageHistoryController {
  constructor(private readonly services: ServiceClient) {}

  @Roles(...ANY_MEMBER)

  @Get('customers/:id/stage-history')
  history(@Param('id') customerId: string, @Caller() caller: CallerInfo): Promise<StageChangeResponse[]> {
    return this.services.send(MESSAGING_SUBJECTS.stageHistory, { customerId }, caller);
  }

  @Roles(...ANY_MEMBER)

  @Post('customers/:id/stage-history/:changeId/undo')
  @HttpCode(200)
  undo(
    @Param('id') customerId: string,
    @Param('changeId') changeId: string,
    @Caller() caller: CallerInfo,
  ): Promise<CustomerResponse> {
    return this.services.send(MESSAGING_SUBJECTS.undoStageChange, { customerId, changeId }, caller);
  }

  @Roles(...ANY_MEMBER)

  @Get('stage-suggestions')
  suggestions(@Caller() caller: CallerInfo): Promise<StageSuggestionResponse[]> {
    return this.services.send(MESSAGING_SUBJECTS.listStageSuggestions, {}, caller);
  }

  @Roles(...ANY_MEMBER)

  @Post('customers/:id/stage-suggestion/accept')
  @HttpCode(200)
  accept(@Param('id') customerId: string, @Caller() caller: CallerInfo): Promise<CustomerResponse> {
    return this.services.send(MESSAGING_SUBJECTS.acceptStageSuggestion, { customerId }, caller);
  }

  @Roles(...ANY_MEMBER)

  @Delete('customers/:id/stage-suggestion')
  @HttpCode(204)
  async dismiss(@Param('id') customerId: string, @Caller() caller: CallerInfo): Promise<void> {
    await this.services.send(MESSAGING_SUBJECTS.dismissStageSuggestion, { customerId }, caller);
  }
}
