import type { ChannelPlatform } from '@parley/contracts';
import type { ChannelAdapter } from './channel-adapter';
import { ChannelRegistry } from './channel-registry';

/** Only what the registry reads of an adapter: its source and platforms. */
function adapter(source: string, platforms: readonly ChannelPlatform[]): ChannelAdapter {
  return { source, platforms } as Partial<ChannelAdapter> as ChannelAdapter;
}

describe('ChannelRegistry', () => {
  it('finds the adapter of each platform and of its webhook source', () => {
    const meta = adapter('meta', ['facebook', 'instagram']);
    const other = adapter('other', ['whatsapp', 'twitter']);
    const registry = new ChannelRegistry([meta, other]);
    expect(registry.forPlatform('instagram')).toBe(meta);
    expect(registry.forPlatform('whatsapp')).toBe(other);
    expect(registry.forPlatform('twitter')).toBe(other);
    expect(registry.forSource('other')).toBe(other);
    expect(registry.forSource('nobody')).toBeUndefined();
  });

  it('refuses to start when a platform has no adapter, or two adapters share a platform or a source', () => {
    expect(() => new ChannelRegistry([adapter('meta', ['facebook', 'instagram', 'whatsapp'])])).toThrow(
      'No channel adapter serves: twitter',
    );
    expect(
      () =>
        new ChannelRegistry([
          adapter('meta', ['facebook', 'instagram', 'whatsapp']),
          adapter('other', ['whatsapp', 'twitter']),
        ]),
    ).toThrow('Two channel adapters serve the platform "whatsapp"');
    expect(
      () =>
        new ChannelRegistry([
          adapter('meta', ['facebook', 'instagram']),
          adapter('meta', ['whatsapp', 'twitter']),
        ]),
    ).toThrow('Two channel adapters share the webhook source "meta"');
  });
});
