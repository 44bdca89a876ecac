import { SearchOutlined } from '@ant-design/icons';
import {
  ASSIGNEE_FILTERS,
  type AssigneeFilter,
  CUSTOMER_STAGES,
  type ConversationResponse,
  type ConversationState,
  type CustomerStage,
  CUSTOMER_PLATFORMS,
  type CustomerPlatform,
} from '@parley/contracts';
import { Alert, Button, Flex, Input, Segmented, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/components/EmptyState';
import { FilterSelect } from '../../../shared/components/FilterSelect';
import { type ChosenFilters, useFilteredList } from '../../../shared/hooks/use-filtered-list';
import { useNow } from '../../../shared/hooks/use-now';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { type ConversationFilters, useConversationsFeedInfiniteQuery } from '../api';
import { ConversationItem } from './ConversationItem';
import { useTestDataFilter } from '../../../shared/hooks/use-show-test-data';

/** What the "show" select narrows the list to, beside open / closed. */
const SHOW_FILTERS = ['unread', 'needsHuman', 'aiPaused', 'aiActive'] as const;
type ShowFilter = (typeof SHOW_FILTERS)[number];

interface InboxChoices {
  assignee: AssigneeFilter;
  state: 'all' | ConversationState;
  show: 'all' | ShowFilter;
  platform: 'all' | CustomerPlatform;
  stage: 'all' | CustomerStage;
}

/** The inbox opens on the open conversations: closing one is how an owner puts it away. */
const DEFAULT_CHOICES: InboxChoices = {
  assignee: 'all',
  state: 'open',
  show: 'all',
  platform: 'all',
  stage: 'all',
};

/** A page of the list: enough to fill a tall screen; Load more brings the next. */
const PAGE_SIZE = 30;

const SHOW_QUERY: Record<ShowFilter, ConversationFilters> = {
  unread: { unread: 'true' },
  needsHuman: { needsHuman: 'true' },
  aiPaused: { aiPaused: 'true' },
  aiActive: { aiPaused: 'false' },
};

/** The list's choices as GET /api/conversations takes them. */
function useInboxFeed({ show, ...filters }: ChosenFilters<InboxChoices>) {
  return useConversationsFeedInfiniteQuery({
    ...filters,
    ...(show ? SHOW_QUERY[show] : {}),
    ...useTestDataFilter(),
    limit: PAGE_SIZE,
  });
}

interface ConversationListProps {
  selectedId: string | null;
  /** The address of a conversation: the list's items are links. */
  linkTo: (customerId: string) => string;
}

/** The conversations, newest activity first: search, filters, and Load more. */
export function ConversationList({ selectedId, linkTo }: ConversationListProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const platformName = usePlatformName();
  const now = useNow();
  const list = useFilteredList<ConversationResponse, InboxChoices>(useInboxFeed, DEFAULT_CHOICES);
  const { feed, items, choices } = list;
  const filtered =
    list.search.trim() !== '' ||
    (Object.keys(DEFAULT_CHOICES) as (keyof InboxChoices)[]).some(
      (key) => choices[key] !== DEFAULT_CHOICES[key],
    );

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="conversation-list">
      <Flex vertical gap="small" style={{ padding: 12, borderBottom: `1px solid ${token.colorSplit}` }}>
        <Input
          allowClear
          data-testid="inbox-search"
          aria-label={t('inbox.list.searchLabel')}
          placeholder={t('inbox.list.searchPlaceholder')}
          prefix={<SearchOutlined aria-hidden />}
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
        <Segmented<AssigneeFilter>
          block
          size="small"
          data-testid="inbox-assignee-filter"
          aria-label={t('inbox.list.assignee.label')}
          value={choices.assignee}
          onChange={list.choose('assignee')}
          options={ASSIGNEE_FILTERS.map((value) => ({
            value,
            label: t(`inbox.list.assignee.${value}`),
          }))}
        />
        <Segmented<InboxChoices['state']>
          block
          size="small"
          data-testid="inbox-state-filter"
          aria-label={t('inbox.list.stateLabel')}
          value={choices.state}
          onChange={list.choose('state')}
          options={(['open', 'closed', 'all'] as const).map((value) => ({
            value,
            label: t(`inbox.list.states.${value}`),
          }))}
        />
        <Flex gap="small" wrap>
          <FilterSelect
            testId="inbox-show-filter"
            label={t('inbox.list.showLabel')}
            value={choices.show}
            onChange={list.choose('show')}
            allLabel={t('inbox.list.show.all')}
            values={SHOW_FILTERS}
            labelOf={(value) => t(`inbox.list.show.${value}`)}
          />
          <FilterSelect
            testId="inbox-platform-filter"
            label={t('messages.filters.platform')}
            value={choices.platform}
            onChange={list.choose('platform')}
            allLabel={t('messages.filters.allPlatforms')}
            values={CUSTOMER_PLATFORMS}
            labelOf={platformName}
          />
          <FilterSelect
            testId="inbox-stage-filter"
            label={t('customers.filters.stage')}
            value={choices.stage}
            onChange={list.choose('stage')}
            allLabel={t('customers.filters.allStages')}
            values={CUSTOMER_STAGES}
            labelOf={(value) => t(`customers.stages.${value}`)}
          />
        </Flex>
      </Flex>

      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {feed.isLoading ? (
          <Flex
            vertical
            gap="middle"
            style={{ padding: 12 }}
            aria-busy="true"
            aria-label={t('common.loading')}
          >
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} active avatar paragraph={{ rows: 1 }} title={{ width: '50%' }} />
            ))}
          </Flex>
        ) : feed.isError && items.length === 0 ? (
          <Alert type="error" showIcon title={t('inbox.list.loadFailed')} style={{ margin: 12 }} />
        ) : items.length === 0 ? (
          <EmptyState
            testId="inbox-empty"
            title={t('inbox.list.empty.title')}
            hint={t(filtered ? 'inbox.list.empty.filtered' : 'inbox.list.empty.noData')}
          />
        ) : (
          <Flex vertical role="list" aria-label={t('inbox.list.label')}>
            {items.map((conversation) => (
              <ConversationItem
                key={conversation.customerId}
                conversation={conversation}
                selected={conversation.customerId === selectedId}
                to={linkTo(conversation.customerId)}
                now={now}
              />
            ))}
            {feed.hasNextPage && (
              <Button
                data-testid="inbox-load-more"
                loading={feed.isFetchingNextPage}
                onClick={() => void feed.fetchNextPage()}
                style={{ alignSelf: 'center', margin: 12 }}
              >
                {t('common.loadMore')}
              </Button>
            )}
          </Flex>
        )}
      </div>
    </Flex>
  );
}
