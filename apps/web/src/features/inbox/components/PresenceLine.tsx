import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';
import type { PresentMember } from '../use-thread-presence';

/**
 * "Sara is replying" (or viewing) above the reply box, so that two members do not answer the same customer at
 * once. Those typing are named first; nothing shows when nobody else is here.
 */
export function PresenceLine({ present }: { present: PresentMember[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { language } = useLanguage();
  if (present.length === 0) return null;
  const typing = present.filter((member) => member.state === 'typing');
  const shown = typing.length > 0 ? typing : present;
  // Names keep their own direction inside the reader's (an English name in an Arabic sentence).
  const names = new Intl.ListFormat(language, { type: 'conjunction', style: 'long' }).format(
    shown.map((member) => `\u2068${member.name}\u2069`),
  );
  const key = typing.length > 0 ? 'inbox.presence.replying' : 'inbox.presence.viewing';
  return (
    <Flex
      align="center"
      gap={6}
      role="status"
      data-testid="thread-presence"
      data-state={typing.length > 0 ? 'typing' : 'viewing'}
      style={{ padding: '4px 16px', fontSize: token.fontSizeSM }}
    >
      {typing.length > 0 ? <EditOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
      <Typography.Text type={typing.length > 0 ? 'warning' : 'secondary'} style={{ fontSize: 'inherit' }}>
        {t(key, { names, count: shown.length })}
      </Typography.Text>
    </Flex>
  );
}
