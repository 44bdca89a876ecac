import { PaperClipOutlined } from '@ant-design/icons';
import type { MessageResponse } from '@parley/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The kinds Meta names that have a word of their own; any other is shown with its type. */
const KNOWN_TYPES = ['image', 'video', 'audio', 'file', 'document', 'sticker'] as const;
type KnownType = (typeof KNOWN_TYPES)[number];

function isKnownType(type: string): type is KnownType {
  return (KNOWN_TYPES as readonly string[]).includes(type);
}

/** Only web addresses become links: an attachment's URL comes from outside (the customer's platform). */
function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** A channel message's attachments, each a link named by its type. */
export function MessageAttachments({ attachments }: { attachments: MessageResponse['attachments'] }) {
  const { t } = useTranslation();
  const links = attachments.filter((attachment) => isWebAddress(attachment.url));
  if (links.length === 0) return null;
  return (
    <Flex vertical gap={2}>
      {links.map((attachment, index) => (
        <Typography.Link
          key={`${index}-${attachment.url}`}
          href={attachment.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="thread-attachment"
          data-type={attachment.type}
        >
          <PaperClipOutlined aria-hidden />{' '}
          {isKnownType(attachment.type)
            ? t(`messages.attachments.${attachment.type}`)
            : t('messages.attachments.other', { type: attachment.type })}
        </Typography.Link>
      ))}
    </Flex>
  );
}
