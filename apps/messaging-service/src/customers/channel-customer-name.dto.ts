import { IsIn } from 'class-validator';
import {
  type ChannelCustomerNameData,
  FIELD_LIMITS,
  META_CHANNELS,
  type MetaChannel,
  RequiredText,
} from '@parley/contracts';

/** messaging.customers.channel-name: a connected channel's customer, named from their profile. */
export class ChannelCustomerNameDto implements ChannelCustomerNameData {
  @IsIn(META_CHANNELS, { message: `Platform must be one of: ${META_CHANNELS.join(', ')}` })
  platform!: MetaChannel;

  @RequiredText('Platform username', { max: FIELD_LIMITS.username })
  platformUsername!: string;

  @RequiredText('Name', { max: FIELD_LIMITS.username })
  name!: string;
}
