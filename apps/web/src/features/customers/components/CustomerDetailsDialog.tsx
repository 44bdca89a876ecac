import { MessageOutlined, SendOutlined } from '@ant-design/icons';
import type { CustomerResponse, CustomerStage } from '@parley/contracts';
import { Avatar, Descriptions, Flex, Modal, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/toast';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { UserTextLine } from '../../../shared/components/UserText';
import { customerHandle } from '../../../shared/format/customer-handle';
import { useInterestText } from '../../../shared/hooks/use-interest-text';
import { useNow } from '../../../shared/hooks/use-now';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { useUpdateCustomerStageMutation } from '../api';
import { initials } from '../customer-format';
import { StageSelect } from './StageSelect';
import { inboxPath } from '../../inbox';

interface CustomerDetailsDialogProps {
  /** Null: closed. */
  customer: CustomerResponse | null;
  onClose: () => void;
  /** The stage was saved: the server's customer. */
  onUpdated: (customer: CustomerResponse) => void;
}

/** Spec 000 §2: who the customer is, their stage (any to any) and their conversation (in the inbox). */
export function CustomerDetailsDialog({ customer, onClose, onUpdated }: CustomerDetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={customer !== null} onCancel={onClose} title={t('customers.details.title')} footer={null}>
      {customer && <Details customer={customer} onUpdated={onUpdated} />}
    </Modal>
  );
}

function Details({
  customer,
  onUpdated,
}: Pick<CustomerDetailsDialogProps, 'onUpdated'> & { customer: CustomerResponse }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toast = useToast();
  const platformName = usePlatformName();
  const timeText = useRelativeTimeText();
  const interestText = useInterestText();
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
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            <UserTextLine text={customer.name} />
          </Typography.Title>
          <UserTextLine secondary text={customerHandle(customer)} testId="customer-details-handle" />
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
            children: (
              <span data-testid="customer-details-interest">
                {customer.interest ? interestText(customer.interest) : notProvided}
              </span>
            ),
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
              <StageSelect
                testId="customer-stage-select"
                stage={customer.stage}
                saving={isLoading}
                onChange={(stage) => void changeStage(stage)}
                width={200}
              />
            ),
          },
        ]}
      />
      <Flex gap="small" justify="end" wrap>
        <ButtonLink
          icon={<MessageOutlined aria-hidden />}
          data-testid="customer-view-messages"
          to={inboxPath(customer.id)}
        >
          {t('customers.details.viewMessages')}
        </ButtonLink>
        <ButtonLink
          type="primary"
          icon={<SendOutlined aria-hidden />}
          data-testid="customer-send-message"
          to={inboxPath(customer.id, { reply: true })}
        >
          {t('customers.details.sendMessage')}
        </ButtonLink>
      </Flex>
    </Flex>
  );
}
