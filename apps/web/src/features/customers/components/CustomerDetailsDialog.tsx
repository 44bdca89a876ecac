import { MessageOutlined, SendOutlined } from '@ant-design/icons';
import { CUSTOMER_STAGES, type CustomerResponse, type CustomerStage } from '@parley/contracts';
import { Avatar, Button, Descriptions, Flex, Modal, Select, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/toast';
import { useNow } from '../../../shared/hooks/use-now';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { useUpdateCustomerStageMutation } from '../api';
import { initials } from '../customer-format';

interface CustomerDetailsDialogProps {
  /** Null: closed. */
  customer: CustomerResponse | null;
  onClose: () => void;
  /** The stage was saved: the server's customer. */
  onUpdated: (customer: CustomerResponse) => void;
  /** Send Message (`reply` true) and View Messages: the customer's conversation. */
  onOpenThread: (customer: CustomerResponse, reply: boolean) => void;
}

/** Spec 000 §2: who the customer is, their stage (any to any) and their conversation. */
export function CustomerDetailsDialog({
  customer,
  onClose,
  onUpdated,
  onOpenThread,
}: CustomerDetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={customer !== null} onCancel={onClose} title={t('customers.details.title')} footer={null}>
      {customer && <Details customer={customer} onUpdated={onUpdated} onOpenThread={onOpenThread} />}
    </Modal>
  );
}

function Details({
  customer,
  onUpdated,
  onOpenThread,
}: Pick<CustomerDetailsDialogProps, 'onUpdated' | 'onOpenThread'> & { customer: CustomerResponse }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toast = useToast();
  const platformName = usePlatformName();
  const timeText = useRelativeTimeText();
  const now = useNow();
  const [updateStage, { isLoading }] = useUpdateCustomerStageMutation();
  const notProvided = (
    <Typography.Text type="secondary">{t('customers.details.notProvided')}</Typography.Text>
  );

  const changeStage = async (stage: CustomerStage) => {
    try {
      const updated = await updateStage({ id: customer.id, stage }).unwrap();
      onUpdated(updated);
    } catch {
      toast.error({ description: t('customers.details.updateFailed') });
      return;
    }
    toast.success({ description: t('customers.details.updated') });
  };

  return (
    <Flex vertical gap="middle" data-testid="customer-details" data-customer-id={customer.id}>
      <Flex align="center" gap="middle">
        <Avatar
          size={56}
          data-testid="customer-initials"
          style={{ backgroundColor: token.colorPrimary, flexShrink: 0 }}
        >
          {initials(customer.name)}
        </Avatar>
        <Flex vertical>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {customer.name}
          </Typography.Title>
          <Typography.Text type="secondary">{customer.platformUsername}</Typography.Text>
        </Flex>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'platform',
            label: t('customers.details.platform'),
            children: <span data-testid="customer-details-platform">{platformName(customer.platform)}</span>,
          },
          {
            key: 'lastContact',
            label: t('customers.details.lastContact'),
            children: (
              <span data-testid="customer-details-last-contact">
                {timeText(customer.lastContact, now, 'never')}
              </span>
            ),
          },
          { key: 'email', label: t('customers.details.email'), children: customer.email || notProvided },
          { key: 'phone', label: t('customers.details.phone'), children: customer.phone || notProvided },
          {
            key: 'interest',
            label: t('customers.details.interest'),
            children: <span data-testid="customer-details-interest">{customer.interest || notProvided}</span>,
          },
          {
            key: 'notes',
            label: t('customers.details.notes'),
            children: (
              <span data-testid="customer-details-notes" style={{ whiteSpace: 'pre-wrap' }}>
                {customer.notes || notProvided}
              </span>
            ),
          },
          {
            key: 'stage',
            label: t('customers.details.stage'),
            children: (
              <Select<CustomerStage>
                data-testid="customer-stage-select"
                aria-label={t('customers.details.stage')}
                value={customer.stage}
                loading={isLoading}
                disabled={isLoading}
                onChange={(stage) => void changeStage(stage)}
                style={{ width: 200 }}
                options={CUSTOMER_STAGES.map((stage) => ({
                  value: stage,
                  label: t(`customers.stages.${stage}`),
                }))}
              />
            ),
          },
        ]}
      />
      <Flex gap="small" justify="end" wrap>
        <Button
          icon={<MessageOutlined aria-hidden />}
          data-testid="customer-view-messages"
          onClick={() => onOpenThread(customer, false)}
        >
          {t('customers.details.viewMessages')}
        </Button>
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          data-testid="customer-send-message"
          onClick={() => onOpenThread(customer, true)}
        >
          {t('customers.details.sendMessage')}
        </Button>
      </Flex>
    </Flex>
  );
}
