import { IsDefined, IsString, Length } from 'class-validator';
import type { ConnectUrlRequest } from '@parley/contracts';
import { PlatformDto } from './platform.dto';

/** integrations.connections.connect-url: the platform, and the asking session's binding (a SHA-256 in hex). */
export class ConnectUrlDto extends PlatformDto implements ConnectUrlRequest {
  @IsDefined({ message: 'Binding is required' })
  @IsString({ message: 'Binding must be text' })
  @Length(1, 128, { message: 'Binding must be 1 to 128 characters' })
  binding!: string;
}
