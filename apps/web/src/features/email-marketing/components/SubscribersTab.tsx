import { UploadOutlined } from '@ant-design/icons';
import type { SubscriberStatus } from '@parley/contracts';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import { useDeleteEmailSubscriberMutation, useEmailSubscribersFeedInfiniteQuery } from '../api';
import { useEmailActions } from '../use-email-actions';
import { EmailListTab } from './EmailListTab';
import { ImportSubscribersDialog } from './ImportSubscribersDialog';
import { RowButtons } from './RowButtons';
import { SubscriberDialog, type SubscriberDialogMode } from './SubscriberDialog';

/** Spec 001 §4: subscribed is highlighted. */
const STATUS_COLORS: Record<SubscriberStatus, string | undefined> = {
  subscribed: 'success',
  unsubscribed: undefined,
  bounced: 'error',
};

/** The Subscribers tab: add, import a CSV, edit, delete; each subscriber's address, name, status and tags. */
export function SubscribersTab() {
  const { t } = useTranslation();
  const feed = useEmailSubscribersFeedInfiniteQuery({});
  const [deleteSubscriber] = useDeleteEmailSubscriberMutation();
  const actions = useEmailActions();
  const [dialog, setDialog] = useState<SubscriberDialogMode | null>(null);
  const [importing, setImporting] = useState(false);

  const importButton = (
    <Button
      icon={<UploadOutlined aria-hidden />}
      data-testid="email-subscribers-import"
      onClick={() => setImporting(true)}
    >
      {t('emailMarketing.import.open')}
    </Button>
  );

  return (
    <>
      <EmailListTab
        name="subscribers"
        feed={feed}
        onAdd={() => setDialog({ mode: 'create' })}
        actions={importButton}
      >
        {(subscribers) =>
          subscribers.map((subscriber) => {
            const name = [subscriber.firstName, subscriber.lastName].filter(Boolean).join(' ');
            return (
              <Card
                key={subscriber.id}
                size="small"
                role="listitem"
                data-testid="email-subscriber"
                data-subscriber-id={subscriber.id}
              >
                <Flex justify="space-between" align="start" gap="small">
                  <Flex vertical gap={4} style={{ minWidth: 0 }}>
                    <Flex gap="small" wrap align="center">
                      <Typography.Text strong dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                        {subscriber.email}
                      </Typography.Text>
                      <Tag color={STATUS_COLORS[subscriber.status]} data-testid="email-subscriber-status">
                        {t(`emailMarketing.subscribers.status.${subscriber.status}`)}
                      </Tag>
                    </Flex>
                    {name && (
                      <Typography.Text type="secondary" style={OWNER_TEXT}>
                        {name}
                      </Typography.Text>
                    )}
                    {subscriber.tags.length > 0 && (
                      <Flex gap={4} wrap>
                        {subscriber.tags.map((tag) => (
                          <Tag key={tag} style={OWNER_TEXT}>
                            {tag}
                          </Tag>
                        ))}
                      </Flex>
                    )}
                  </Flex>
                  <RowButtons
                    name={subscriber.email}
                    onEdit={() => setDialog({ mode: 'edit', subscriber })}
                    onDelete={() =>
                      actions.confirmDelete('subscribers', () => deleteSubscriber(subscriber.id).unwrap(), {
                        email: subscriber.email,
                      })
                    }
                  />
                </Flex>
              </Card>
            );
          })
        }
      </EmailListTab>
      <SubscriberDialog open={dialog} onClose={() => setDialog(null)} />
      <ImportSubscribersDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
