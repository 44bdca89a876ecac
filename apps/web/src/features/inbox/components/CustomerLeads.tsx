import { Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateText } from '../../../shared/hooks/use-date-time';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useLanguage } from '../../language';
import { useCustomerLeadsQuery } from '../api';
import { TestBadge } from '../../../shared/components/TestBadge';

/** The customer's leads, newest first: when each was opened, where from, its status and value. */
export function CustomerLeads({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const dateText = useDateText();
  const platformName = usePlatformName();
  const leads = useCustomerLeadsQuery(customerId);
  const number = new Intl.NumberFormat(language);

  return (
    <Flex vertical gap="small" data-testid="contact-leads">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('inbox.contact.leads')}
      </Typography.Title>
      {leads.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : leads.isError ? (
        <Typography.Text type="danger">{t('inbox.contact.leadsFailed')}</Typography.Text>
      ) : (leads.data ?? []).length === 0 ? (
        <Typography.Text type="secondary" data-testid="contact-no-leads">
          {t('inbox.contact.noLeads')}
        </Typography.Text>
      ) : (
        <Flex vertical gap="small" role="list">
          {(leads.data ?? []).map((lead) => (
            <Flex
              key={lead.id}
              role="listitem"
              align="center"
              justify="space-between"
              gap="small"
              data-testid="contact-lead"
              data-lead-id={lead.id}
            >
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text>
                  {t('inbox.contact.leadOpened', { date: dateText(lead.createdAt) })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {lead.source === 'manual' ? t('inbox.contact.leadManual') : platformName(lead.source)}
                  {lead.value !== null && ` · ${number.format(lead.value)}`}
                </Typography.Text>
              </Flex>
              <Flex gap={4}>
                <TestBadge isTest={lead.isTest} />
                <Tag style={{ marginInlineEnd: 0 }}>
                  {lead.status === 'new' ? t('inbox.contact.leadNew') : lead.status}
                </Tag>
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
