import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import {
  type DeliveryRequest,
  FIELD_LIMITS,
  CHANNEL_PLATFORMS,
  type ChannelPlatform,
  RequiredText,
  SendTemplateDto,
} from '@parley/contracts';

/**
 * Longer than any platform takes (Messenger 2 000 characters, WhatsApp 4 096): a text the platform refuses
 * is stored and marked failed with the platform's own reason, not refused here, where messaging-service
 * would only hand it over again and again.
 */
const MAX_TEXT = 20_000;

/** integrations.deliveries.enqueue, checked as any payload is (services never trust their caller's checks). */
export class EnqueueDeliveryDto implements DeliveryRequest {
  @IsUUID('all', { message: 'Message ID must be a UUID' })
  messageId!: string;

  @IsIn(CHANNEL_PLATFORMS, { message: `Platform must be one of: ${CHANNEL_PLATFORMS.join(', ')}` })
  platform!: ChannelPlatform;

  @RequiredText('Page ID', { max: FIELD_LIMITS.id })
  pageId!: string;

  @RequiredText('Recipient ID', { max: FIELD_LIMITS.username })
  recipientId!: string;

  @RequiredText('Text', { max: MAX_TEXT })
  text!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => SendTemplateDto)
  template?: SendTemplateDto;

  @IsIn(['ai', 'human'], { message: 'Written by must be ai or human' })
  writtenBy!: DeliveryRequest['writtenBy'];
}
