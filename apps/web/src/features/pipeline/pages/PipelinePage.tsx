import {
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SearchOutlined } from '@ant-design/icons';
import {
  CUSTOMER_PLATFORMS,
  CUSTOMER_STAGES,
  type CustomerPlatform,
  type CustomerResponse,
  type CustomerStage,
  isCustomerStage,
} from '@parley/contracts';
import { Card, Flex, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/toast';
import { FilterSelect } from '../../../shared/components/FilterSelect';
import { PageIntro } from '../../../shared/components/PageIntro';
import { PHONE_SCREEN, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useNow } from '../../../shared/hooks/use-now';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useTestDataFilter } from '../../../shared/hooks/use-show-test-data';
import { useUrlSearch } from '../../../shared/hooks/use-url-search';
import { type BoardFilters, useMoveCustomerMutation, usePipelineQuery } from '../api';
import { columnByColumn } from '../board-keyboard';
import { LeadValueDialog } from '../components/LeadValueDialog';
import { PipelineCardBody } from '../components/PipelineCard';
import { PipelineColumn } from '../components/PipelineColumn';

/** The pointer's column when it is over one; else (the keyboard, or between columns) the nearest. */
const overColumn: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCenter(args);
};

function cardCustomer(event: { active: { data: { current?: Record<string, unknown> } } }) {
  return event.active.data.current?.customer as CustomerResponse | undefined;
}

/**
 * The sales pipeline as a board (issue 34 point 6): the five stages of spec 000 §4 as columns, any card to any
 * column, through PUT /api/customers/{id}. Other tabs' moves arrive over /ws (customer_updated, message_responded
 * for the AI's) and refetch the columns. Search and the platform filter apply to every column and header.
 */
export default function PipelinePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const platformName = usePlatformName();
  const phone = useMediaQuery(PHONE_SCREEN);
  const now = useNow();
  const [search, setSearch, query] = useUrlSearch();
  const [platform, setPlatform] = useState<CustomerPlatform | 'all'>('all');
  const testData = useTestDataFilter();
  const filters: BoardFilters = {
    ...(query.trim() ? { q: query.trim() } : {}),
    ...(platform === 'all' ? {} : { platform }),
    ...testData,
  };
  const { data: summary } = usePipelineQuery(filters);
  const [moveCustomer] = useMoveCustomerMutation();
  const [valuing, setValuing] = useState<CustomerResponse | null>(null);
  const [dragged, setDragged] = useState<CustomerResponse | null>(null);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnByColumn }),
  );

  const move = async (customer: CustomerResponse, to: CustomerStage) => {
    if (customer.stage === to) return;
    try {
      await moveCustomer({ customer, to }).unwrap();
    } catch {
      toast.error({
        description: t('pipeline.moveFailed', { name: customer.name, stage: t(`customers.stages.${to}`) }),
      });
    }
  };

  const announcements: Announcements = useMemo(() => {
    const stageName = (id: unknown) => (isCustomerStage(id) ? t(`customers.stages.${id}`) : '');
    return {
      onDragStart: ({ active }) => {
        const customer = cardCustomer({ active });
        return t('pipeline.drag.start', { name: customer?.name, stage: stageName(customer?.stage) });
      },
      onDragOver: ({ active, over }) =>
        over
          ? t('pipeline.drag.over', { name: cardCustomer({ active })?.name, stage: stageName(over.id) })
          : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('pipeline.drag.end', { name: cardCustomer({ active })?.name, stage: stageName(over.id) })
          : t('pipeline.drag.cancel', { name: cardCustomer({ active })?.name }),
      onDragCancel: ({ active }) => t('pipeline.drag.cancel', { name: cardCustomer({ active })?.name }),
    };
  }, [t]);

  const onDragStart = (event: DragStartEvent) => setDragged(cardCustomer(event) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const customer = cardCustomer(event);
    const to = event.over?.id;
    if (customer && isCustomerStage(to)) void move(customer, to);
  };

  return (
    <>
      <PageIntro name="pipeline" />
      <Flex gap="small" wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          data-testid="pipeline-search"
          aria-label={t('customers.searchLabel')}
          placeholder={t('customers.searchPlaceholder')}
          prefix={<SearchOutlined aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 320 }}
        />
        <FilterSelect
          testId="pipeline-platform-filter"
          label={t('customers.filters.platform')}
          value={platform}
          onChange={setPlatform}
          allLabel={t('customers.filters.allPlatforms')}
          values={CUSTOMER_PLATFORMS}
          labelOf={platformName}
        />
      </Flex>
      <DndContext
        sensors={sensors}
        collisionDetection={overColumn}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('pipeline.drag.instructions') },
        }}
      >
        <div
          role="group"
          aria-label={t('pipeline.boardLabel')}
          data-testid="pipeline-board"
          style={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: 12,
            overflowX: 'auto',
            paddingBottom: 8,
            scrollSnapType: phone ? 'x mandatory' : undefined,
          }}
        >
          {CUSTOMER_STAGES.map((stage) => (
            <PipelineColumn
              key={stage}
              stage={stage}
              summary={summary?.stages.find((column) => column.stage === stage)}
              filters={filters}
              now={now}
              phone={phone}
              onValue={setValuing}
              onMove={(customer, to) => void move(customer, to)}
            />
          ))}
        </div>
        <DragOverlay>
          {dragged && (
            <Card
              size="small"
              data-testid="pipeline-drag-overlay"
              style={{ boxShadow: '0 6px 16px rgba(0, 0, 0, 0.18)', cursor: 'grabbing' }}
            >
              <PipelineCardBody customer={dragged} now={now} />
            </Card>
          )}
        </DragOverlay>
      </DndContext>
      <LeadValueDialog customer={valuing} onClose={() => setValuing(null)} />
    </>
  );
}
