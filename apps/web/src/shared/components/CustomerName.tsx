import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from './PlatformIcon';
import { UserTextLine } from './UserText';

const UNNAMED = {
  facebook: 'customers.unnamed.facebook',
  instagram: 'customers.unnamed.instagram',
  whatsapp: 'customers.unnamed.whatsapp',
  twitter: 'customers.unnamed.twitter',
} as const;

function unnamedKey(platform: string) {
  return platform in UNNAMED ? UNNAMED[platform as keyof typeof UNNAMED] : 'customers.unnamed.other';
}

interface CustomerNameProps {
  /** The customer's name; empty when the channel has not given it (yet). */
  name: string | null | undefined;
  platform: string;
  strong?: boolean;
  secondary?: boolean;
  testId?: string;
  style?: CSSProperties;
}

/**
 * A customer's name on one line, in every list, the thread, the contact panel and search. A customer whose
 * name is not known (a channel's customer before Meta gives their profile) is "Messenger customer" /
 * "Instagram customer" / "WhatsApp customer" / "X customer" with the channel's icon: never their platform id.
 */
export function CustomerName({ name, platform, strong, secondary, testId, style }: CustomerNameProps) {
  const { t } = useTranslation();
  if (name && name.trim() !== '')
    return <UserTextLine text={name} strong={strong} secondary={secondary} testId={testId} style={style} />;
  const text = t(unnamedKey(platform));
  return (
    <span
      data-testid={testId}
      data-unnamed="true"
      title={text}
      style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0, ...style }}
    >
      <PlatformIcon platform={platform} size={18} />
      <UserTextLine text={text} strong={strong} secondary />
    </span>
  );
}
