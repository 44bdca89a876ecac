import { BellOutlined, SettingOutlined } from '@ant-design/icons';
import type { MessageResponse } from '@parley/contracts';
import { Badge, Button, Col, Flex, Input, Row, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { Loading } from '../../../shared/components/Loading';
import { PageIntro } from '../../../shared/components/PageIntro';
import { useNow } from '../../../shared/hooks/use-now';
import { useGetAiConfigQuery } from '../../ai-config/api';
import { useListMessagesQuery } from '../../messages/api';
import { useListProductsQuery } from '../../products/api';
import { useListKnowledgeQuery, useListTrainingDocumentsQuery } from '../../ai-training/api';
import {
  accessEndings,
  activePlatforms,
  healthByPlatform,
  reconnectPlatforms,
  useListIntegrationsQuery,
} from '../../integrations/api';
import { inboxPath } from '../../inbox';
import { USAGE_POLLING_MS, useGetStatsQuery, useGetUsageQuery } from '../api';
import { AgentStatsCard } from '../components/AgentStatsCard';
import { AlmostReady } from '../components/AlmostReady';
import { DashboardMessages } from '../components/DashboardMessages';
import { NeedsHumanNotice } from '../components/NeedsHumanNotice';
import { PlatformStatus } from '../components/PlatformStatus';
import { RecentMessages } from '../components/RecentMessages';
import { SetupChecklist } from '../components/SetupChecklist';
import { NO_STATS, StatCards } from '../components/StatCards';
import { TestAgentChat } from '../components/TestAgentChat';
import { UsageCard } from '../components/UsageCard';
import { WelcomeOverlay } from '../components/WelcomeOverlay';
import { setupSteps } from '../setup-checklist';
import { useDashboardOverview } from '../dashboard-overview';
import { useConnectedReturn } from '../../integrations';
import { RefillCard } from '../../billing';
import { showsRefillOptions } from '../usage-level';
import { useTestDataFilter } from '../../../shared/hooks/use-show-test-data';
import { useCan } from '../../team';

const TABS = ['overview', 'test-agent', 'messages'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** The dashboard at / and /dashboard (spec 001 §2). Realtime events keep it current; nothing polls but usage. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const tab: Tab = isTab(requestedTab) ? requestedTab : 'overview';
  useConnectedReturn();
  const can = useCan();

  const aiConfig = useGetAiConfigQuery();
  const testData = useTestDataFilter();
  const stats = useGetStatsQuery(testData);
  const overview = useDashboardOverview();
  const usage = useGetUsageQuery(undefined, { pollingInterval: USAGE_POLLING_MS });
  const messages = useListMessagesQuery(testData);
  const pending = useListMessagesQuery({ status: 'pending', limit: 1, ...testData });
  const someProduct = useListProductsQuery({ limit: 1 });
  const knowledge = useListKnowledgeQuery();
  const documents = useListTrainingDocumentsQuery();
  const integrations = useListIntegrationsQuery();
  const now = useNow();

  const setupCompleted = aiConfig.data?.setupCompleted ?? false;
  const hasPending = (pending.data?.items.length ?? 0) > 0;
  const hasProducts = (someProduct.data?.items.length ?? 0) > 0;
  const hasTraining =
    (knowledge.data?.length ?? 0) > 0 ||
    (documents.data ?? []).some((document) => document.status === 'completed');
  const messageList = messages.data?.items ?? [];
  // Active Platforms counts what receives messages: a platform to connect again still does.
  const active = activePlatforms(integrations.data);
  const reconnect = reconnectPlatforms(integrations.data);
  const accessEnds = accessEndings(integrations.data, now);
  const health = healthByPlatform(integrations.data);
  const platformCount = { active: active.length, total: integrations.data?.length ?? 0 };

  const selectTab = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'overview') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  const search = (text: string) => {
    const query = text.trim();
    void navigate(query === '' ? '/messages' : `/messages?q=${encodeURIComponent(query)}`);
  };

  const viewDetails = (message: MessageResponse) => void navigate(inboxPath(message.customerId));

  return (
    <>
      {/* The setup is for the roles that configure the agent (docs/teams.md). */}
      {can('configureAi') && <WelcomeOverlay setupCompleted={aiConfig.data?.setupCompleted} />}
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <PageIntro name="dashboard" />
        <Flex gap="small" align="center" wrap>
          {aiConfig.data && !setupCompleted && can('configureAi') && (
            <ButtonLink
              to="/business-setup"
              type="primary"
              icon={<SettingOutlined aria-hidden />}
              data-testid="dashboard-complete-setup"
            >
              {t('dashboard.completeSetup')}
            </ButtonLink>
          )}
          <Badge dot={hasPending} color="red" data-testid="dashboard-bell-dot" data-pending={hasPending}>
            <Button
              shape="circle"
              icon={<BellOutlined aria-hidden />}
              aria-label={t(hasPending ? 'dashboard.bell.pending' : 'dashboard.bell.none')}
              data-testid="dashboard-bell"
              onClick={() => selectTab('messages')}
            />
          </Badge>
          <Input.Search
            data-testid="dashboard-search"
            aria-label={t('messages.searchLabel')}
            placeholder={t('dashboard.searchPlaceholder')}
            onSearch={search}
            style={{ width: 260 }}
          />
        </Flex>
      </Flex>

      <Tabs
        activeKey={tab}
        onChange={selectTab}
        items={[
          {
            key: 'overview',
            label: t('dashboard.tabs.overview'),
            children: (
              <Flex vertical gap="large">
                <NeedsHumanNotice count={stats.data?.needsHumanCount ?? 0} />
                <StatCards
                  stats={stats.data ?? NO_STATS}
                  platforms={platformCount}
                  loading={stats.isLoading}
                  overview={overview}
                />
                <Row gutter={[16, 16]}>
                  <Col xs={24} lg={14}>
                    <RecentMessages messages={messageList} loading={messages.isLoading} />
                  </Col>
                  <Col xs={24} lg={10}>
                    <PlatformStatus
                      active={active}
                      reconnect={reconnect}
                      accessEnds={accessEnds}
                      health={health}
                      loading={integrations.isLoading}
                      report={overview.link}
                    />
                  </Col>
                  {can('configureAi') && (
                    <Col xs={24} lg={14}>
                      <SetupChecklist
                        steps={setupSteps({
                          setupCompleted,
                          agentTested: Boolean(aiConfig.data?.agentTestedAt),
                          activePlatforms: active,
                          reconnectPlatforms: reconnect,
                          hasProducts,
                          hasTraining,
                        })}
                      />
                    </Col>
                  )}
                  <Col xs={24} lg={10}>
                    <UsageCard usage={usage.data} loading={usage.isLoading} />
                  </Col>
                  {usage.data && showsRefillOptions(usage.data) && can('manageBilling') && (
                    <Col xs={24}>
                      <RefillCard />
                    </Col>
                  )}
                </Row>
              </Flex>
            ),
          },
          {
            key: 'test-agent',
            label: t('dashboard.tabs.testAgent'),
            children: aiConfig.isLoading ? (
              <Loading />
            ) : setupCompleted ? (
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={16}>
                  <TestAgentChat />
                </Col>
                <Col xs={24} lg={8}>
                  {overview.allowed && <AgentStatsCard overview={overview} />}
                </Col>
              </Row>
            ) : (
              <AlmostReady />
            ),
          },
          {
            key: 'messages',
            label: t('dashboard.tabs.messages'),
            children: (
              <DashboardMessages
                messages={messageList}
                loading={messages.isLoading}
                onViewDetails={viewDetails}
              />
            ),
          },
        ]}
      />
    </>
  );
}
