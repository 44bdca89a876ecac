import { Inject, Injectable } from '@nestjs/common';
import { CHANNEL_PLATFORMS, type ChannelPlatform } from '@parley/contracts';
import type { ChannelAdapter } from './channel-adapter';

/** The Nest token under which each provider's module adds its adapter (ChannelsModule collects them). */
export const CHANNEL_ADAPTERS = Symbol('CHANNEL_ADAPTERS');

/**
 * Every channel adapter, found by the platform it serves or by its webhook source. Checked once at
 * start: each platform of CHANNEL_PLATFORMS has exactly one adapter, and no two adapters share a source.
 */
@Injectable()
export class ChannelRegistry {
  private readonly byPlatform = new Map<ChannelPlatform, ChannelAdapter>();
  private readonly bySource = new Map<string, ChannelAdapter>();

  constructor(@Inject(CHANNEL_ADAPTERS) adapters: readonly ChannelAdapter[]) {
    for (const adapter of adapters) {
      if (this.bySource.has(adapter.source))
        throw new Error(`Two channel adapters share the webhook source "${adapter.source}"`);
      this.bySource.set(adapter.source, adapter);
      for (const platform of adapter.platforms) {
        if (this.byPlatform.has(platform))
          throw new Error(`Two channel adapters serve the platform "${platform}"`);
        this.byPlatform.set(platform, adapter);
      }
    }
    const missing = CHANNEL_PLATFORMS.filter((platform) => !this.byPlatform.has(platform));
    if (missing.length > 0) throw new Error(`No channel adapter serves: ${missing.join(', ')}`);
  }

  /** The adapter of a platform (every channel platform has one: checked at start). */
  forPlatform(platform: ChannelPlatform): ChannelAdapter {
    const adapter = this.byPlatform.get(platform);
    if (adapter === undefined) throw new Error(`No channel adapter serves "${platform}"`);
    return adapter;
  }

  /** The adapter whose webhooks come as `source`, or undefined when there is none. */
  forSource(source: string): ChannelAdapter | undefined {
    return this.bySource.get(source);
  }
}
