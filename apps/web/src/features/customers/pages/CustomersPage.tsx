import { UserAddOutlined } from '@ant-design/icons';
import {
  CUSTOMER_STAGES,
  type CustomerResponse,
  type CustomerStage,
  PLATFORMS,
  type Platform,
} from '@parley/contracts';
import { Button, Flex, Table, type TableColumnsType } from 'antd';
import { type HTMLAttributes, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilteredList } from '../../../shared/hooks/use-filtered-list';
import { useInterestText } from '../../../shared/hooks/use-interest-text';
import { useNow } from '../../../shared/hooks/use-now';
import { FilteredListPage } from '../../../shared/components/FilteredListPage';
import { FilterSelect } from '../../../shared/components/FilterSelect';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { UserTextLine } from '../../../shared/components/UserText';
import { inboxPath } from '../../inbox';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { useCustomersFeedInfiniteQuery } from '../api';
import { AddCustomerDialog } from '../components/AddCustomerDialog';
import { CustomerDetailsDialog } from '../components/CustomerDetailsDialog';
import { StageTag } from '../components/StageTag';

interface CustomerChoices {
  platform: 'all' | Platform;
  stage: 'all' | CustomerStage;
}
const ALL_CUSTOMERS: CustomerChoices = { platform: 'all', stage: 'all' };

/** The customers (spec 000 §2): search and filters run on the server; pages load with Load more. */
export default function CustomersPage() {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  const timeText = useRelativeTimeText();
  const interestText = useInterestText();
  const now = useNow();
  const list = useFilteredList(useCustomersFeedInfiniteQuery, ALL_CUSTOMERS);
  const { items: customers } = list;
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<CustomerResponse | null>(null);

  // The open details follow each fresh list (a realtime refresh); a customer filtered out keeps its last state.
  useEffect(() => {
    setSelected((current) =>
      current ? (customers.find((customer) => customer.id === current.id) ?? current) : null,
    );
  }, [customers]);

  const columns: TableColumnsType<CustomerResponse> = [
    {
      key: 'customer',
      title: t('customers.columns.customer'),
      render: (_, customer) => (
        <Flex vertical>
          <UserTextLine strong text={customer.name} testId="customer-name" style={{ maxWidth: 240 }} />
          <UserTextLine
            secondary
            text={customer.email || customer.platformUsername}
            style={{ maxWidth: 240 }}
          />
        </Flex>
      ),
    },
    {
      key: 'platform',
      title: t('customers.columns.platform'),
      render: (_, customer) => <span data-testid="customer-platform">{platformName(customer.platform)}</span>,
    },
    {
      key: 'interest',
      title: t('customers.columns.interest'),
      render: (_, customer) => (
        <span data-testid="customer-interest">
          {customer.interest ? interestText(customer.interest) : t('customers.noInterest')}
        </span>
      ),
    },
    {
      key: 'stage',
      title: t('customers.columns.stage'),
      render: (_, customer) => <StageTag stage={customer.stage} />,
    },
    {
      key: 'lastContact',
      title: t('customers.columns.lastContact'),
      render: (_, customer) => (
        <span data-testid="customer-last-contact">{timeText(customer.lastContact, now, 'never')}</span>
      ),
    },
    {
      key: 'actions',
      title: t('customers.columns.actions'),
      render: (_, customer) => (
        <Flex gap="small">
          <Button size="small" data-testid="customer-view" onClick={() => setSelected(customer)}>
            {t('customers.view')}
          </Button>
          <ButtonLink
            size="small"
            data-testid="customer-contact"
            to={inboxPath(customer.id, { reply: true })}
          >
            {t('customers.contact')}
          </ButtonLink>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <FilteredListPage
        name="customers"
        action={
          <Button
            type="primary"
            icon={<UserAddOutlined aria-hidden />}
            data-testid="customers-add-open"
            onClick={() => setAdding(true)}
          >
            {t('customers.add.open')}
          </Button>
        }
        list={list}
        filters={
          <>
            <FilterSelect
              testId="customers-platform-filter"
              label={t('customers.filters.platform')}
              value={list.choices.platform}
              onChange={list.choose('platform')}
              allLabel={t('customers.filters.allPlatforms')}
              values={PLATFORMS}
              labelOf={platformName}
            />
            <FilterSelect
              testId="customers-stage-filter"
              label={t('customers.filters.stage')}
              value={list.choices.stage}
              onChange={list.choose('stage')}
              allLabel={t('customers.filters.allStages')}
              values={CUSTOMER_STAGES}
              labelOf={(value) => t(`customers.stages.${value}`)}
            />
          </>
        }
        skeletonTestId="customer-skeleton"
        gap="middle"
      >
        <Table<CustomerResponse>
          data-testid="customers-table"
          rowKey="id"
          columns={columns}
          dataSource={customers}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(customer) =>
            ({
              'data-testid': 'customer-row',
              'data-customer-id': customer.id,
            }) as HTMLAttributes<HTMLElement>
          }
        />
      </FilteredListPage>

      <AddCustomerDialog open={adding} onClose={() => setAdding(false)} />
      <CustomerDetailsDialog customer={selected} onClose={() => setSelected(null)} onUpdated={setSelected} />
    </>
  );
}
