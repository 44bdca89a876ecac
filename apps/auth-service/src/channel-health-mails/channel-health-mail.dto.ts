import { ArrayMaxSize, ArrayMinSize, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  CHANNEL_HEALTH_PROBLEMS,
  type ChannelHealthMailData,
  type ChannelHealthProblem,
  PLATFORMS,
  type Platform,
} from '@parley/contracts';

/** auth.mail.channel-health, from integrations-service: checked as any payload is. */
export class ChannelHealthMailDto implements ChannelHealthMailData {
  @IsIn(PLATFORMS, { message: `Platform must be one of: ${PLATFORMS.join(', ')}` })
  platform!: Platform;

  @ArrayMinSize(1, { message: 'Problems must name at least one problem' })
  @ArrayMaxSize(CHANNEL_HEALTH_PROBLEMS.length, { message: 'Problems has too many entries' })
  @IsIn(CHANNEL_HEALTH_PROBLEMS, {
    each: true,
    message: `Each problem must be one of: ${CHANNEL_HEALTH_PROBLEMS.join(', ')}`,
  })
  problems!: ChannelHealthProblem[];

  @IsOptional()
  @IsString({ message: 'Detail must be text' })
  @MaxLength(1000, { message: 'Detail must be at most 1000 characters' })
  detail?: string;
}
