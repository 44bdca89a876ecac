import { PlusOutlined } from '@ant-design/icons';
import type { MessageResponse } from '@parley/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../app/use-now';
import { FilteredListPage } from '../../../components/FilteredListPage';
import { FilterSelect } from '../../../components/FilterSelect';
import { type MessageFilters, useMessagesFeedInfiniteQuery } from '../api';
import { MessageCard } from '../components/MessageCard';
import { SimulateMessageDialog } from '../components/SimulateMessageDialog';
import { ThreadDrawer, type ThreadCustomer } from '../components/ThreadDrawer';
import { usePlatformName } from '../use-platform-name';
import { useUrlSearch } from '../../../app/use-url-search';

/** Spec 000 §2: the platform filter offers these three (the server also accepts whatsapp). */
const PLATFORM_FILTERS = ['instagram', 'facebook', 'twitter'] as const;
const STATUS_FILTERS = ['pending', 'responded'] as const;

type PlatformFilter = 'all' | (typeof PLATFORM_FILTERS)[number];
type StatusFilter = 'all' | (typeof STATUS_FILTERS)[number];

/** The inbox (spec 000 §2): search and filters run on the server; pages load with Load more. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  const now = useNow();
  const [search, setSearch, query] = useUrlSearch();
  const [platform, setPlatform] = useState<PlatformFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [simulateOpen, setSimulateOpen] = useState(false);
  const [thread, setThread] = useState<{ customer: ThreadCustomer; reply: boolean } | null>(null);

  const filters: MessageFilters = {
    ...(query.trim() !== '' ? { q: query.trim() } : {}),
    ...(platform !== 'all' ? { platform } : {}),
    ...(status !== 'all' ? { status } : {}),
  };
  const filtered = Object.keys(filters).length > 0;
  const feed = useMessagesFeedInfiniteQuery(filters);
  const messages = feed.data?.pages.flatMap((page) => page.items) ?? [];

  const openThread = (message: MessageResponse, reply: boolean) =>
    setThread({ customer: { id: message.customerId, name: message.customerName }, reply });

  return (
    <>
      <FilteredListPage
        name="messages"
        action={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            data-testid="simulate-open"
            onClick={() => setSimulateOpen(true)}
          >
            {t('messages.simulate.open')}
          </Button>
        }
        search={search}
        onSearch={setSearch}
        filters={
          <>
            <FilterSelect
              testId="messages-platform-filter"
              label={t('messages.filters.platform')}
              value={platform}
              onChange={setPlatform}
              allLabel={t('messages.filters.allPlatforms')}
              values={PLATFORM_FILTERS}
              labelOf={platformName}
            />
            <FilterSelect
              testId="messages-status-filter"
              label={t('messages.filters.status')}
              value={status}
              onChange={setStatus}
              allLabel={t('messages.filters.allStatuses')}
              values={STATUS_FILTERS}
              labelOf={(value) => t(`messages.statuses.${value}`)}
            />
          </>
        }
        feed={feed}
        empty={messages.length === 0}
        filtered={filtered}
        skeletonTestId="message-skeleton"
        gap="small"
        listLabel={t('messages.listLabel')}
      >
        {messages.map((message) => (
          <div role="listitem" key={message.id}>
            <MessageCard message={message} now={now} onOpenThread={openThread} />
          </div>
        ))}
      </FilteredListPage>

      <SimulateMessageDialog open={simulateOpen} onClose={() => setSimulateOpen(false)} />
      <ThreadDrawer
        customer={thread?.customer ?? null}
        focusReply={thread?.reply}
        onClose={() => setThread(null)}
      />
    </>
  );
}
