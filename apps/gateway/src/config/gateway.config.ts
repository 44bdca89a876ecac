import { IsBoolean, IsInt, IsString, Matches, Max, Min, MinLength, NotEquals, ValidateIf } from 'class-validator';
import { BaseConfig, DEVELOPMENT_EMAIL_LINK_SECRET } from '@parley/server-kit';

export class GatewayConfig extends BaseConfig {
  /** HTTP port of the gateway (API, /ws and the web app). */
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** Interface to listen on. */
  @IsString()
  HOST = '0.0.0.0';

  /** The address users reach Parley at; every link the product sends is built from it, never from Host. */
  @Matches(/^https?:\/\/[^/]+$/, {
    message: 'PUBLIC_URL must be an origin like https://parley.example.com (no path)',
  })
  PUBLIC_URL = 'http://localhost:3000';

  /** Folder of the built web app served at / (relative to the working directory). */
  @IsString()
  WEB_DIR = 'dist/apps/web';

  /** Trust X-Forwarded-For from a reverse proxy (for client IPs in rate limits). Only behind one. */
  @IsBoolean()
  TRUST_PROXY = false;

  /** More origins allowed to send state-changing requests, comma-separated (e.g. the Vite dev server). */
  @Matches(/^(https?:\/\/[^/,]+)?(,https?:\/\/[^/,]+)*$/, {
    message: 'ALLOWED_ORIGINS must be comma-separated origins',
  })
  ALLOWED_ORIGINS = '';

  /** Attempts per minute from one IP on each sign-in, sign-up and password route, and each upload route. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_IP_PER_MINUTE = 60;

  /** Attempts per minute for one email address (sign-in: per address and IP). */
  @IsInt()
  @Min(1)
  RATE_LIMIT_ADDRESS_PER_MINUTE = 10;

  /** POST /api/simulate-message per minute for one signed-in owner (the simulator; channels do not pass here). */
  @IsInt()
  @Min(1)
  RATE_LIMIT_SIMULATE_PER_MINUTE = 120;

  /** Uploads per minute for one signed-in owner, on each upload route (catalogue, training documents). */
  @IsInt()
  @Min(1)
  RATE_LIMIT_UPLOADS_PER_MINUTE = 20;

  /** Messages per minute for one signed-in owner in the AI agent's test chat. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_TEST_CHAT_PER_MINUTE = 30;

  /** Largest JSON body accepted, in bytes. */
  @IsInt()
  @Min(1024)
  BODY_LIMIT = 1_048_576;

  /**
   * Checks the unsubscribe, open and click links of campaign mails (marketing-service signs them with the same secret).
   * Required in production, since anyone could sign links with the development one.
   */
  @IsString()
  @ValidateIf((config: GatewayConfig) => config.NODE_ENV === 'production')
  @MinLength(32, { message: 'EMAIL_LINK_SECRET must be at least 32 characters' })
  @NotEquals(DEVELOPMENT_EMAIL_LINK_SECRET, { message: 'EMAIL_LINK_SECRET is required in production' })
  EMAIL_LINK_SECRET = DEVELOPMENT_EMAIL_LINK_SECRET;
}
