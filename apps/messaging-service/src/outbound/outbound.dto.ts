import { IsIn, IsISO8601, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import {
  type ChannelEchoData,
  type DeliveryStatusData,
  FIELD_LIMITS,
  CHANNEL_PLATFORMS,
  type ChannelPlatform,
  RequiredText,
} from '@parley/contracts';

// integrations-service's reports, checked as any payload is (services never trust their caller's checks).

/** messaging.messages.echo */
export class ChannelEchoDto implements ChannelEchoData {
  @IsIn(CHANNEL_PLATFORMS, { message: `Platform must be ${spoken(CHANNEL_PLATFORMS)}` })
  platform!: ChannelPlatform;

  @RequiredText('Page ID', { max: FIELD_LIMITS.id })
  pageId!: string;

  @RequiredText('Recipient ID', { max: FIELD_LIMITS.username })
  recipientId!: string;

  @RequiredText('Platform message ID', { max: 200 })
  platformMessageId!: string;

  @RequiredText('Content', { max: FIELD_LIMITS.messageContent })
  content!: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'Sent at must be an ISO 8601 date and time' })
  sentAt?: string;
}

const DELIVERY_STATES = ['sent', 'delivered', 'read', 'failed'] as const;

/** messaging.messages.delivery-status */
export class DeliveryStatusDto implements DeliveryStatusData {
  @IsUUID('all', { message: 'Message ID must be a UUID' })
  messageId!: string;

  @IsIn(DELIVERY_STATES, { message: 'Status must be sent, delivered, read or failed' })
  status!: (typeof DELIVERY_STATES)[number];

  @IsOptional()
  @IsString({ message: 'Platform message ID must be text' })
  @MaxLength(200, { message: 'Platform message ID is too long' })
  platformMessageId?: string;

  @IsOptional()
  @IsString({ message: 'Reason must be text' })
  @MaxLength(1000, { message: 'Reason is too long' })
  reason?: string;
}

/** "facebook, instagram or whatsapp". */
function spoken(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}
