import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilteredList, ListChoices } from '../hooks/use-filtered-list';
import { EmptyState } from './EmptyState';
import { PageIntro, PageIntroText } from './PageIntro';
import { SkeletonRows } from './SkeletonRows';

/** What the page shows of its list (from `useFilteredList`). */
type ListState = Pick<
  FilteredList<unknown, ListChoices>,
  'search' | 'setSearch' | 'filtered' | 'feed' | 'items'
>;

interface FilteredListPageProps {
  /** The route and its texts (`<name>.searchLabel`, `<name>.empty.*`, …); test ids start with `<name>-`. */
  name: 'customers' | 'messages' | 'products';
  /** The page's heading when it is not its menu entry's name (`routes.<name>.title`). */
  title?: string;
  /** The primary button beside the page's intro (or several, in a fragment). */
  action: ReactNode;
  /** Cards between the intro and the search box (a running upload and its outcome). */
  notices?: ReactNode;
  list: ListState;
  /** The filter selects after the search box. */
  filters: ReactNode;
  skeletonTestId: string;
  /** Shown above the skeleton rows while the first page loads. */
  loadingText?: string;
  /** A button under the empty state. */
  emptyAction?: ReactNode;
  gap: 'small' | 'middle';
  /** When given, the items form a list with this accessible name. */
  listLabel?: string;
  /** The loaded items. */
  children: ReactNode;
}

/** A list page (spec 000 §2): intro, search and filters; then skeleton, error, empty or items with Load more. */
export function FilteredListPage({
  name,
  title,
  action,
  notices,
  list,
  filters,
  skeletonTestId,
  loadingText,
  emptyAction,
  gap,
  listLabel,
  children,
}: FilteredListPageProps) {
  const { t } = useTranslation();
  const { feed, filtered } = list;
  const empty = list.items.length === 0;
  return (
    <>
      <Flex justify="space-between" align="start" gap="middle" wrap>
        {title === undefined ? (
          <PageIntro name={name} />
        ) : (
          <PageIntroText title={title} description={t(`routes.${name}.description`)} />
        )}
        {/* Its margin keeps it off the search box when it wraps under the intro (a phone). */}
        <Flex gap="small" wrap style={{ marginBottom: 16 }}>
          {action}
        </Flex>
      </Flex>
      {notices}

      <Flex gap="small" wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          data-testid={`${name}-search`}
          aria-label={t(`${name}.searchLabel`)}
          placeholder={t(`${name}.searchPlaceholder`)}
          prefix={<SearchOutlined aria-hidden />}
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        {filters}
      </Flex>

      {feed.isLoading ? (
        <SkeletonRows testId={skeletonTestId} label={loadingText} />
      ) : feed.isError && empty ? (
        <EmptyState
          testId={`${name}-error`}
          title={t(`${name}.loadFailed`)}
          hint={t('common.tryAgainLater')}
        />
      ) : empty ? (
        <EmptyState
          testId={`${name}-empty`}
          title={t(`${name}.empty.title`)}
          hint={t(filtered ? `${name}.empty.filtered` : `${name}.empty.noData`)}
          action={emptyAction}
        />
      ) : (
        <Flex vertical gap={gap} role={listLabel ? 'list' : undefined} aria-label={listLabel}>
          {children}
          {feed.hasNextPage && (
            <Button
              data-testid={`${name}-load-more`}
              loading={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
              style={{ alignSelf: 'center' }}
            >
              {t('common.loadMore')}
            </Button>
          )}
        </Flex>
      )}
    </>
  );
}
