import { Result, Typography } from 'antd';
import type { ReactNode } from 'react';

interface StatusPanelProps {
  status: 'success' | 'error' | 'info' | 'warning';
  /** The page's heading. */
  title: string;
  description?: ReactNode;
  /** Buttons or links below the text. */
  actions?: ReactNode;
}

/** A page state that is an outcome (sent, done, invalid): an icon, a heading, a sentence and what to do next. */
export function StatusPanel({ status, title, description, actions }: StatusPanelProps) {
  return (
    <Result
      status={status}
      style={{ padding: '24px 0' }}
      title={
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      subTitle={description}
      extra={actions}
    />
  );
}
