import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/components/EmptyState';
import { SkeletonRows } from '../../../shared/components/SkeletonRows';

/** What a tab reads of its list's infinite query. */
interface EmailFeed<T> {
  data?: { pages: { items: T[] }[] };
  isLoading: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export type EmailListName = 'campaigns' | 'templates' | 'subscribers' | 'sequences';

interface EmailListTabProps<T> {
  /** Texts under `emailMarketing.<name>`; test ids start with `email-<name>-`. */
  name: EmailListName;
  feed: EmailFeed<T>;
  /** Opens the create dialog: `emailMarketing.<name>.add`, above the list and under the empty state. */
  onAdd: () => void;
  /** More buttons before the create action. */
  actions?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** One tab of /email-marketing: its actions, then skeleton, error, empty state (spec 001 §2) or the list. */
export function EmailListTab<T>({ name, feed, onAdd, actions, children }: EmailListTabProps<T>) {
  const { t } = useTranslation();
  const addButton = (testId: string) => (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} data-testid={testId} onClick={onAdd}>
      {t(`emailMarketing.${name}.add`)}
    </Button>
  );
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const body = () => {
    if (feed.isLoading) return <SkeletonRows count={3} testId={`email-${name}-skeleton`} />;
    if (feed.isError && items.length === 0)
      return (
        <EmptyState
          testId={`email-${name}-error`}
          title={t(`emailMarketing.${name}.loadFailed`)}
          hint={t('common.tryAgainLater')}
        />
      );
    if (items.length === 0)
      return (
        <EmptyState
          testId={`email-${name}-empty`}
          title={t(`emailMarketing.${name}.empty.title`)}
          hint={t(`emailMarketing.${name}.empty.hint`)}
          action={addButton(`email-${name}-empty-add`)}
        />
      );
    return (
      <Flex vertical gap="small" role="list" aria-label={t(`emailMarketing.${name}.listLabel`)}>
        {children(items)}
        {feed.hasNextPage && (
          <Button
            data-testid={`email-${name}-load-more`}
            loading={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
            style={{ alignSelf: 'center' }}
          >
            {t('common.loadMore')}
          </Button>
        )}
      </Flex>
    );
  };
  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap justify="end">
        {actions}
        {addButton(`email-${name}-add`)}
      </Flex>
      {body()}
    </Flex>
  );
}
