import { EyeOutlined, MailOutlined, SendOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Flex, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';
import { useEmailSummaryQuery } from '../api';

interface SummaryCard {
  testId: string;
  title: string;
  value: string;
  icon: ReactNode;
}

/** Spec 001 §2: Total Campaigns, Subscribers, Emails Sent and Open Rate, from GET /api/email/summary. */
export function SummaryCards() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const summary = useEmailSummaryQuery();
  const count = new Intl.NumberFormat(language);
  const data = summary.data ?? { totalCampaigns: 0, subscribers: 0, emailsSent: 0, openRate: 0 };
  const cards: SummaryCard[] = [
    {
      testId: 'email-total-campaigns',
      title: t('emailMarketing.summary.totalCampaigns'),
      value: count.format(data.totalCampaigns),
      icon: <MailOutlined aria-hidden />,
    },
    {
      testId: 'email-subscribers',
      title: t('emailMarketing.summary.subscribers'),
      value: count.format(data.subscribers),
      icon: <TeamOutlined aria-hidden />,
    },
    {
      testId: 'email-emails-sent',
      title: t('emailMarketing.summary.emailsSent'),
      value: count.format(data.emailsSent),
      icon: <SendOutlined aria-hidden />,
    },
    {
      testId: 'email-open-rate',
      title: t('emailMarketing.summary.openRate'),
      value: new Intl.NumberFormat(language, { style: 'percent' }).format(data.openRate / 100),
      icon: <EyeOutlined aria-hidden />,
    },
  ];
  return (
    <Flex wrap gap="middle" style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Card key={card.testId} data-testid={card.testId} size="small" style={{ flex: '1 1 150px' }}>
          <Statistic
            title={card.title}
            value={card.value}
            prefix={card.icon}
            loading={summary.isLoading}
            valueRender={() => <span data-testid={`${card.testId}-value`}>{card.value}</span>}
          />
        </Card>
      ))}
    </Flex>
  );
}
