import { Avatar } from 'antd';
import { usePlatformName } from '../hooks/use-platform-name';
import { platformCode } from '../format/message-format';

/** Brand colours of the channels; any other platform is grey. */
const PLATFORM_COLORS: Record<string, string> = {
  instagram: '#E1306C',
  facebook: '#1877F2',
  twitter: '#1DA1F2',
  whatsapp: '#25D366',
};

/** The platform's icon code (IG, FB, TW, …) in a round badge, named for screen readers. */
export function PlatformIcon({ platform, size = 40 }: { platform: string; size?: number }) {
  const platformName = usePlatformName();
  return (
    <Avatar
      size={size}
      data-testid="platform-icon"
      aria-label={platformName(platform)}
      style={{ backgroundColor: PLATFORM_COLORS[platform] ?? '#8c8c8c', flexShrink: 0, fontWeight: 600 }}
    >
      {platformCode(platform)}
    </Avatar>
  );
}
