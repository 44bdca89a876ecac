import type { CustomerResponse } from '@parley/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../../shared/components/CardList';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import type { CustomerCells } from './customer-cells';

interface CustomerCardsProps {
  customers: CustomerResponse[];
  cells: CustomerCells;
}

/**
 * The customers on a phone: one card each, with what the table's row has (platform, contact, stage,
 * interest, last contact) and its actions as full buttons in sight, rather than a table scrolled sideways.
 */
export function CustomerCards({ customers, cells }: CustomerCardsProps) {
  const { t } = useTranslation();
  const dot = (
    <Typography.Text type="secondary" aria-hidden>
      ·
    </Typography.Text>
  );
  return (
    <CardList
      items={customers}
      label={t('customers.listLabel')}
      testId="customers-cards"
      cardTestId="customer-card"
      kind="customer"
    >
      {(customer) => (
        <Flex vertical gap="small">
          <Flex gap="small" align="center">
            <PlatformIcon platform={customer.platform} size={36} />
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              {cells.name(customer)}
              {cells.contact(customer)}
            </Flex>
            {cells.stage(customer)}
          </Flex>
          <Flex gap="small" wrap align="center">
            <Typography.Text type="secondary">{cells.platform(customer)}</Typography.Text>
            {dot}
            <Typography.Text type="secondary">
              {t('customers.columns.interest')}: {cells.interest(customer)}
            </Typography.Text>
            {dot}
            <Typography.Text type="secondary">
              {t('customers.columns.lastContact')}: {cells.lastContact(customer)}
            </Typography.Text>
          </Flex>
          <Flex gap="small" wrap>
            {cells.actions(customer, 'middle')}
          </Flex>
        </Flex>
      )}
    </CardList>
  );
}
