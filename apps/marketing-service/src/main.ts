import { runService } from '@parley/server-kit';
import { marketingServiceModule } from './app.module';
import { MarketingConfig } from './config/marketing.config';

/**
 * The old generation may grow 50 % past what a full GC left, not the 200 % of the other services: a campaign
 * send keeps ~45 MB alive while it makes 0.2–0.5 MB of garbage per mail, and at 200 % V8 let that garbage
 * pile up to three times the live heap (+100 MB resident) between full GCs. marketing-service serves no
 * latency-bound list under load, where the higher factor pays (docs/performance.md, "Email campaign").
 */
void runService('marketing-service', marketingServiceModule, MarketingConfig, { heapGrowingPercent: 50 });
