import { IsString, NotEquals, ValidateIf } from 'class-validator';
import { ServiceConfig } from '@parley/server-kit';

/** Development only: a local stack and the tests sign their payment events with it. */
export const DEVELOPMENT_STRIPE_WEBHOOK_SECRET = 'whsec_parley_development_secret';

const inProduction = (config: BillingConfig) => config.NODE_ENV === 'production';

export class BillingConfig extends ServiceConfig {
  /**
   * The signing secret of the Stripe webhook endpoint (whsec_…): every payment event is verified with it.
   * Required in production, since anyone could sign an event with the published development secret.
   */
  @IsString()
  @ValidateIf(inProduction)
  @NotEquals(DEVELOPMENT_STRIPE_WEBHOOK_SECRET, {
    message: 'STRIPE_WEBHOOK_SECRET is required in production',
  })
  STRIPE_WEBHOOK_SECRET = DEVELOPMENT_STRIPE_WEBHOOK_SECRET;

  /**
   * A JSON file of the Stripe Payment Links that sell each paid plan and refill (example:
   * docker/payment-links.example.json). Read and checked at start-up, then written to the catalogue:
   * the file is the whole truth (a plan or refill it does not list has no link). Empty: the links stay as
   * the database has them.
   */
  @IsString()
  PAYMENT_LINKS_FILE = '';
}
