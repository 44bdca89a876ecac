import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { Flex, Modal, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The widths a mail is previewed at: a desktop mail client's reading pane, and a phone. */
export const PREVIEW_WIDTHS = { desktop: 600, phone: 375 } as const;
type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/**
 * The owner's HTML as a mail client would lay it out, in a frame that may do nothing (`sandbox=""`: no
 * scripts, no forms, no navigation, an origin of its own), at desktop or phone width. What mails really
 * carry is sanitised by the server (docs/email.md); this only shows.
 */
export function EmailPreview({
  item,
  onClose,
}: {
  /** The template or campaign shown; null when closed. */
  item: { name: string; htmlContent: string } | null;
  onClose: () => void;
}) {
  const name = item?.name ?? '';
  const { t } = useTranslation();
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  return (
    <Modal
      open={item !== null}
      onCancel={onClose}
      title={t('emailMarketing.preview.title', { name })}
      footer={null}
      width={680}
    >
      <Flex vertical gap="middle" align="center">
        <Segmented<PreviewWidth>
          value={width}
          onChange={setWidth}
          data-testid="email-preview-width"
          options={[
            {
              value: 'desktop',
              label: t('emailMarketing.preview.desktop'),
              icon: <DesktopOutlined aria-hidden />,
            },
            {
              value: 'phone',
              label: t('emailMarketing.preview.phone'),
              icon: <MobileOutlined aria-hidden />,
            },
          ]}
        />
        <iframe
          sandbox=""
          srcDoc={item?.htmlContent ?? ''}
          title={t('emailMarketing.preview.frameLabel', { name })}
          data-testid="email-preview-frame"
          style={{
            width: PREVIEW_WIDTHS[width],
            maxWidth: '100%',
            height: 480,
            border: '1px solid rgba(0, 0, 0, 0.15)',
            borderRadius: 8,
            background: '#fff',
          }}
        />
      </Flex>
    </Modal>
  );
}
