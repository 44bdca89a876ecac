import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilteredList } from '../../../shared/hooks/use-filtered-list';
import { useNow } from '../../../shared/hooks/use-now';
import { FilteredListPage } from '../../../shared/components/FilteredListPage';
import { FilterSelect } from '../../../shared/components/FilterSelect';
import { useMessagesFeed } from '../api';
import { DeleteTestDataButton } from '../components/DeleteTestDataButton';
import { MessageCard } from '../components/MessageCard';
import { SimulateMessageDialog } from '../components/SimulateMessageDialog';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';

/** Spec 000 §2: the platform filter offers these three (the server also accepts whatsapp). */
const PLATFORM_FILTERS = ['instagram', 'facebook', 'twitter'] as const;
const STATUS_FILTERS = ['pending', 'responded'] as const;

interface MessageChoices {
  platform: 'all' | (typeof PLATFORM_FILTERS)[number];
  status: 'all' | (typeof STATUS_FILTERS)[number];
}
const ALL_MESSAGES: MessageChoices = { platform: 'all', status: 'all' };

/** The inbox (spec 000 §2): search and filters run on the server; pages load with Load more. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  const now = useNow();
  const list = useFilteredList(useMessagesFeed, ALL_MESSAGES);
  const [simulateOpen, setSimulateOpen] = useState(false);

  return (
    <>
      <FilteredListPage
        name="messages"
        action={
          <Flex gap="small" wrap>
            <DeleteTestDataButton />
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              data-testid="simulate-open"
              onClick={() => setSimulateOpen(true)}
            >
              {t('messages.simulate.open')}
            </Button>
          </Flex>
        }
        list={list}
        filters={
          <>
            <FilterSelect
              testId="messages-platform-filter"
              label={t('messages.filters.platform')}
              value={list.choices.platform}
              onChange={list.choose('platform')}
              allLabel={t('messages.filters.allPlatforms')}
              values={PLATFORM_FILTERS}
              labelOf={platformName}
            />
            <FilterSelect
              testId="messages-status-filter"
              label={t('messages.filters.status')}
              value={list.choices.status}
              onChange={list.choose('status')}
              allLabel={t('messages.filters.allStatuses')}
              values={STATUS_FILTERS}
              labelOf={(value) => t(`messages.statuses.${value}`)}
            />
          </>
        }
        skeletonTestId="message-skeleton"
        gap="small"
        listLabel={t('messages.listLabel')}
      >
        {list.items.map((message) => (
          <div role="listitem" key={message.id}>
            <MessageCard message={message} now={now} />
          </div>
        ))}
      </FilteredListPage>

      <SimulateMessageDialog open={simulateOpen} onClose={() => setSimulateOpen(false)} />
    </>
  );
}
