import { Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 000 §9: lists show this many skeleton rows while they load. */
export const SKELETON_ROWS = 5;

/** Placeholder rows while a list loads; each row carries `testId`. */
export function SkeletonRows({ testId, count = SKELETON_ROWS }: { testId: string; count?: number }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap="small" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} size="small" data-testid={testId}>
          <Skeleton active avatar paragraph={{ rows: 1 }} title={{ width: '40%' }} />
        </Card>
      ))}
    </Flex>
  );
}
