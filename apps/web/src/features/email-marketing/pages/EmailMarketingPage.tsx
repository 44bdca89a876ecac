import { FileTextOutlined, MailOutlined, TeamOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../../shared/components/PageIntro';
import { useTabParam } from '../../../shared/hooks/use-tab-param';
import { AutomationTab } from '../components/AutomationTab';
import { CampaignsTab } from '../components/CampaignsTab';
import { SubscribersTab } from '../components/SubscribersTab';
import { SummaryCards } from '../components/SummaryCards';
import { TemplatesTab } from '../components/TemplatesTab';

const TABS = ['campaigns', 'templates', 'subscribers', 'automation'] as const;

/**
 * Email Marketing (spec 001 §2): the four summary cards and the tabs Campaigns, Templates, Subscribers and
 * Automation; `?tab=` opens one of the others (docs/email.md).
 */
export default function EmailMarketingPage() {
  const { t } = useTranslation();
  const [tab, selectTab] = useTabParam(TABS);

  return (
    <>
      <PageIntro name="emailMarketing" />
      <SummaryCards />
      <Tabs
        activeKey={tab}
        onChange={selectTab}
        data-testid="email-tabs"
        destroyOnHidden
        items={[
          {
            key: 'campaigns',
            label: t('emailMarketing.tabs.campaigns'),
            icon: <MailOutlined aria-hidden />,
            children: <CampaignsTab />,
          },
          {
            key: 'templates',
            label: t('emailMarketing.tabs.templates'),
            icon: <FileTextOutlined aria-hidden />,
            children: <TemplatesTab />,
          },
          {
            key: 'subscribers',
            label: t('emailMarketing.tabs.subscribers'),
            icon: <TeamOutlined aria-hidden />,
            children: <SubscribersTab />,
          },
          {
            key: 'automation',
            label: t('emailMarketing.tabs.automation'),
            icon: <ThunderboltOutlined aria-hidden />,
            children: <AutomationTab />,
          },
        ]}
      />
    </>
  );
}
