import { IsDefined, IsString, MaxLength } from 'class-validator';
import { type ConnectRequest, FIELD_LIMITS } from '@parley/contracts';

/**
 * integrations.connections.connect-url and .disconnect: the platform of the route. Any text passes here;
 * the service answers which platforms it connects (requireChannel), so the message can name them.
 */
export class PlatformDto implements ConnectRequest {
  @IsDefined({ message: 'Platform is required' })
  @IsString({ message: 'Platform must be text' })
  @MaxLength(FIELD_LIMITS.shortText, {
    message: `Platform must be at most ${FIELD_LIMITS.shortText} characters`,
  })
  platform!: string;
}
