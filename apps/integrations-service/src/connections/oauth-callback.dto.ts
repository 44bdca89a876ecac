import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { OAuthCallbackData } from '@parley/contracts';
import { PlatformDto } from './platform.dto';

/**
 * integrations.connections.complete: the query of Meta's redirect and the binding of the session it came
 * back to. The limits are generous (Meta's codes run to a few hundred characters): anything longer is not
 * from Meta.
 */
export class OAuthCallbackDto extends PlatformDto implements OAuthCallbackData {
  @IsOptional()
  @IsString({ message: 'Code must be text' })
  @MaxLength(2048, { message: 'Code is too long' })
  code?: string;

  @IsOptional()
  @IsString({ message: 'State must be text' })
  @MaxLength(200, { message: 'State is too long' })
  state?: string;

  @IsOptional()
  @IsString({ message: 'Error must be text' })
  @MaxLength(200, { message: 'Error is too long' })
  error?: string;

  /** The callback session's binding: a SHA-256 in hex. */
  @IsOptional()
  @IsString({ message: 'Binding must be text' })
  @MaxLength(128, { message: 'Binding is too long' })
  binding?: string;
}
