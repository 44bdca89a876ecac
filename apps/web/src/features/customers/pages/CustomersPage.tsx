import { UserAddOutlined } from '@ant-design/icons';
import {
  CUSTOMER_STAGES,
  type CustomerResponse,
  type CustomerStage,
  CUSTOMER_PLATFORMS,
  type CustomerPlatform,
} from '@parley/contracts';
import { Button, Flex, Table, type TableColumnsType } from 'antd';
import { type HTMLAttributes, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilteredList } from '../../../shared/hooks/use-filtered-list';
import { PHONE_SCREEN, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { FilteredListPage } from '../../../shared/components/FilteredListPage';
import { FilterSelect } from '../../../shared/components/FilterSelect';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useCustomersFeed } from '../api';
import { AddCustomerDialog } from '../components/AddCustomerDialog';
import { CustomerCards } from '../components/CustomerCards';
import { useCustomerCells } from '../components/customer-cells';
import { CustomerDetailsDialog } from '../components/CustomerDetailsDialog';

interface CustomerChoices {
  platform: 'all' | CustomerPlatform;
  stage: 'all' | CustomerStage;
}
const ALL_CUSTOMERS: CustomerChoices = { platform: 'all', stage: 'all' };

/**
 * The customers (spec 000 §2): search and filters run on the server; pages load with Load more. A table,
 * and on a phone one card per customer with its actions in sight.
 */
export default function CustomersPage() {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  const list = useFilteredList(useCustomersFeed, ALL_CUSTOMERS);
  const { items: customers } = list;
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<CustomerResponse | null>(null);

  // The open details follow each fresh list (a realtime refresh); a customer filtered out keeps its last state.
  useEffect(() => {
    setSelected((current) =>
      current ? (customers.find((customer) => customer.id === current.id) ?? current) : null,
    );
  }, [customers]);

  const cells = useCustomerCells(setSelected);
  const phone = useMediaQuery(PHONE_SCREEN);

  const columns: TableColumnsType<CustomerResponse> = [
    {
      key: 'customer',
      title: t('customers.columns.customer'),
      render: (_, customer) => (
        <Flex vertical>
          {cells.name(customer)}
          {cells.contact(customer)}
        </Flex>
      ),
    },
    {
      key: 'platform',
      title: t('customers.columns.platform'),
      render: (_, customer) => cells.platform(customer),
    },
    {
      key: 'interest',
      title: t('customers.columns.interest'),
      render: (_, customer) => cells.interest(customer),
    },
    { key: 'stage', title: t('customers.columns.stage'), render: (_, customer) => cells.stage(customer) },
    {
      key: 'lastContact',
      title: t('customers.columns.lastContact'),
      render: (_, customer) => cells.lastContact(customer),
    },
    {
      key: 'actions',
      title: t('customers.columns.actions'),
      render: (_, customer) => <Flex gap="small">{cells.actions(customer, 'small')}</Flex>,
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
              values={CUSTOMER_PLATFORMS}
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
        {phone ? (
          <CustomerCards customers={customers} cells={cells} />
        ) : (
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
        )}
      </FilteredListPage>

      <AddCustomerDialog open={adding} onClose={() => setAdding(false)} />
      <CustomerDetailsDialog customer={selected} onClose={() => setSelected(null)} onUpdated={setSelected} />
    </>
  );
}
