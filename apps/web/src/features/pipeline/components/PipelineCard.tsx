import { HolderOutlined, SwapOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { CUSTOMER_STAGES, type CustomerResponse, type CustomerStage } from '@parley/contracts';
import { Button, Card, Dropdown, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerName } from '../../../shared/components/CustomerName';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { TestBadge } from '../../../shared/components/TestBadge';
import { OWN_DIRECTION } from '../../../shared/components/UserText';
import { useInterestText } from '../../../shared/hooks/use-interest-text';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useMoneyText, useTimeInStageText } from '../board-format';
import { StageSuggestionNote } from './StageSuggestionNote';

interface CardBodyProps {
  customer: CustomerResponse;
  now: number;
  /** The drag handle, the value and the Move menu; none on the copy that follows the pointer. */
  actions?: { handle: ReactNode; onValue: () => void; onMove: (stage: CustomerStage) => void };
}

/** What a card shows: name, platform, interest, last message, lead value and time in stage. */
export function PipelineCardBody({ customer, now, actions }: CardBodyProps) {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  const interestText = useInterestText();
  const money = useMoneyText();
  const timeInStage = useTimeInStageText();
  const value = customer.leadValue === null ? t('pipeline.card.noValue') : money(customer.leadValue);
  return (
    <Flex vertical gap={6} style={{ minWidth: 0 }}>
      <Flex align="center" gap={6} wrap style={{ minWidth: 0 }}>
        {actions?.handle}
        <PlatformIcon platform={customer.platform} size={24} />
        <CustomerName strong name={customer.name} platform={customer.platform} testId="pipeline-card-name" />
        <TestBadge isTest={customer.isTest} />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="pipeline-card-platform">
        {platformName(customer.platform)}
        {customer.interest ? ` · ${interestText(customer.interest)}` : ''}
      </Typography.Text>
      {customer.lastMessage && (
        <Typography.Paragraph
          ellipsis={{ rows: 2 }}
          style={{ margin: 0, ...OWN_DIRECTION }}
          dir="auto"
          data-testid="pipeline-card-last-message"
        >
          {customer.lastMessage}
        </Typography.Paragraph>
      )}
      <Flex justify="space-between" align="center" gap="small" wrap>
        {actions ? (
          <Button
            size="small"
            type="link"
            style={{ paddingInline: 0 }}
            data-testid="pipeline-card-value"
            aria-label={t('pipeline.card.setValueFor', { name: customer.name, value })}
            onClick={actions.onValue}
          >
            {value}
          </Button>
        ) : (
          <Typography.Text>{value}</Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="pipeline-card-time">
          {timeInStage(customer.stageChangedAt, now)}
        </Typography.Text>
      </Flex>
      {actions && <StageSuggestionNote customer={customer} />}
      {actions && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: CUSTOMER_STAGES.filter((stage) => stage !== customer.stage).map((stage) => ({
              key: stage,
              label: t(`customers.stages.${stage}`),
            })),
            onClick: ({ key }) => actions.onMove(key as CustomerStage),
          }}
        >
          <Button size="small" icon={<SwapOutlined aria-hidden />} data-testid="pipeline-card-move">
            {t('pipeline.card.moveTo')}
          </Button>
        </Dropdown>
      )}
    </Flex>
  );
}

interface PipelineCardProps {
  customer: CustomerResponse;
  now: number;
  onValue: (customer: CustomerResponse) => void;
  onMove: (customer: CustomerResponse, stage: CustomerStage) => void;
}

/**
 * One customer on the board. The mouse drags it from anywhere; the keyboard picks it up from its handle (space
 * or enter), moves it between columns with the arrow keys and drops it with space or enter. Move to… does the
 * same from a menu (a phone's easier way).
 */
export function PipelineCard({ customer, now, onValue, onMove }: PipelineCardProps) {
  const { t } = useTranslation();
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: customer.id,
    data: { customer },
  });
  const handle = (
    <Button
      ref={setActivatorNodeRef}
      type="text"
      size="small"
      icon={<HolderOutlined aria-hidden />}
      data-testid="pipeline-card-handle"
      {...attributes}
      aria-label={t('pipeline.card.drag', { name: customer.name })}
      style={{ cursor: 'grab', flexShrink: 0 }}
    />
  );
  // dnd-kit measures and listens on a plain element of our own.
  return (
    <div
      ref={setNodeRef}
      data-testid="pipeline-card"
      data-customer-id={customer.id}
      {...listeners}
      style={{ opacity: isDragging ? 0.4 : 1, touchAction: 'manipulation' }}
    >
      <Card size="small">
        <PipelineCardBody
          customer={customer}
          now={now}
          actions={{ handle, onValue: () => onValue(customer), onMove: (stage) => onMove(customer, stage) }}
        />
      </Card>
    </div>
  );
}
