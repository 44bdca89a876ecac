import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  FIELD_LIMITS,
  type IngestMessageData,
  type MessageAttachment,
  SimulateMessageDto,
} from '@parley/contracts';

/** Meta sends at most a handful of attachments per message; more is not a real message. */
const MAX_ATTACHMENTS = 20;

class ChannelDto {
  @IsString({ message: 'Page ID must be text' })
  @IsNotEmpty({ message: 'Page ID is required' })
  @MaxLength(FIELD_LIMITS.id, { message: 'Page ID is too long' })
  pageId!: string;
}

class AttachmentDto implements MessageAttachment {
  @IsString({ message: 'Attachment type must be text' })
  @IsNotEmpty({ message: 'Attachment type is required' })
  @MaxLength(40, { message: 'Attachment type is too long' })
  type!: string;

  @IsString({ message: 'Attachment URL must be text' })
  @IsNotEmpty({ message: 'Attachment URL is required' })
  @MaxLength(FIELD_LIMITS.url, { message: 'Attachment URL is too long' })
  url!: string;
}

/**
 * messaging.messages.ingest: a simulated message, or one from a connected channel (integrations-service's
 * webhook job), which also names the page it was written to, its attachments and when it was written.
 */
export class IngestMessageDto extends SimulateMessageDto implements IngestMessageData {
  /** Empty for a channel's customer whose name the platform has not given (yet): shown as "Messenger customer". */
  @ValidateIf((dto: IngestMessageDto) => dto.channel === undefined || dto.senderName !== '')
  declare senderName: string;

  @IsOptional()
  @IsString({ message: 'Platform message ID must be text' })
  @MaxLength(200, { message: 'Platform message ID is too long' })
  platformMessageId?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ChannelDto)
  channel?: ChannelDto;

  @IsOptional()
  @IsArray({ message: 'Attachments must be a list' })
  @ArrayMaxSize(MAX_ATTACHMENTS, { message: `Attachments can have at most ${MAX_ATTACHMENTS} items` })
  @ValidateNested({ each: true })
  @Type(() => AttachmentDto)
  attachments?: AttachmentDto[];

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'Sent at must be an ISO 8601 date and time' })
  sentAt?: string;
}
