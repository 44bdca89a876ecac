import { FileTextOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendTemplateDialog } from './SendTemplateDialog';

interface TemplateButtonProps {
  customerId: string;
  /**
   * WhatsApp's window allows only a template now: the button is the way to write, named in full. While the
   * window is open it is an icon beside the reply box.
   */
  only: boolean;
}

/** "Send a template" beside a WhatsApp customer's reply box; opens the template dialog. */
export function TemplateButton({ customerId, only }: TemplateButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('inbox.template.button');
  return (
    <>
      <Tooltip title={only ? undefined : label}>
        <Button
          type={only ? 'primary' : 'default'}
          icon={<FileTextOutlined aria-hidden />}
          data-testid="thread-template"
          aria-label={label}
          onClick={() => setOpen(true)}
        >
          {only ? label : null}
        </Button>
      </Tooltip>
      <SendTemplateDialog customerId={customerId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
