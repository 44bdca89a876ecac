import { IsIn } from 'class-validator';
import {
  type ChannelCustomerNameData,
  FIELD_LIMITS,
  CHANNEL_PLATFORMS,
  type ChannelPlatform,
  RequiredText,
} from '@parley/contracts';

/** messaging.customers.channel-name: a connected channel's customer, named from their profile. */
export class ChannelCustomerNameDto implements ChannelCustomerNameData {
  @IsIn(CHANNEL_PLATFORMS, { message: `Platform must be one of: ${CHANNEL_PLATFORMS.join(', ')}` })
  platform!: ChannelPlatform;

  @RequiredText('Platform username', { max: FIELD_LIMITS.username })
  platformUsername!: string;

  @RequiredText('Name', { max: FIELD_LIMITS.username })
  name!: string;
}
