import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 000 §9: lists show this many skeleton rows while they load. */
export const SKELETON_ROWS = 5;

interface SkeletonRowsProps {
  testId: string;
  count?: number;
  /** Shown above the rows (otherwise they are named 'Loading...' for screen readers only). */
  label?: string;
}

/** Placeholder rows while a list loads; each row carries `testId`. */
export function SkeletonRows({ testId, count = SKELETON_ROWS, label }: SkeletonRowsProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap="small" aria-busy="true" aria-label={label ?? t('common.loading')}>
      {label !== undefined && <Typography.Text type="secondary">{label}</Typography.Text>}
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} size="small" data-testid={testId}>
          <Skeleton active avatar paragraph={{ rows: 1 }} title={{ width: '40%' }} />
        </Card>
      ))}
    </Flex>
  );
}
