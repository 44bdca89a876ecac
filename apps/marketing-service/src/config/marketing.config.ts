import { Matches } from 'class-validator';
import { ServiceConfig } from '@parley/server-kit';

export class MarketingConfig extends ServiceConfig {
  /** The address users reach Parley at: unsubscribe links and Message-IDs are built from it. */
  @Matches(/^https?:\/\/[^/]+$/, {
    message: 'PUBLIC_URL must be an origin like https://parley.example.com (no path)',
  })
  PUBLIC_URL = 'http://localhost:3000';
}
