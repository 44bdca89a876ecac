import { IsBoolean, IsDefined } from 'class-validator';

/** PATCH /api/conversations/{customerId}: pause the AI for this customer (24 hours) or resume it. */
export class UpdateConversationDto {
  @IsDefined({ message: 'AI paused is required' })
  @IsBoolean({ message: 'AI paused must be true or false' })
  aiPaused!: boolean;
}
