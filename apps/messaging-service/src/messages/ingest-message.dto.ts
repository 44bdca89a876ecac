import { IsOptional, IsString, MaxLength } from 'class-validator';
import { SimulateMessageDto } from '@parley/contracts';

/** messaging.messages.ingest: a simulated message, or (later) a normalised platform webhook. */
export class IngestMessageDto extends SimulateMessageDto {
  @IsOptional()
  @IsString({ message: 'Platform message ID must be text' })
  @MaxLength(200, { message: 'Platform message ID is too long' })
  platformMessageId?: string;
}
