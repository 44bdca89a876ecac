import { Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  hint: string;
  testId: string;
  /** A button that leads out of the empty state. */
  action?: ReactNode;
}

/** An empty list: what is missing, a hint about why or what to do, and an optional action. */
export function EmptyState({ title, hint, testId, action }: EmptyStateProps) {
  return (
    <Empty
      data-testid={testId}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={4}>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary" data-testid={`${testId}-hint`}>
            {hint}
          </Typography.Text>
        </Flex>
      }
    >
      {action}
    </Empty>
  );
}
