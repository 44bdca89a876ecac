import type { CustomerResponse } from '@parley/contracts';
import { Button, type ButtonProps, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { CustomerName } from '../../../shared/components/CustomerName';
import { TestBadge } from '../../../shared/components/TestBadge';
import { UserTextLine } from '../../../shared/components/UserText';
import { customerHandle } from '../../../shared/format/customer-handle';
import { useInterestText } from '../../../shared/hooks/use-interest-text';
import { useNow } from '../../../shared/hooks/use-now';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { inboxPath } from '../../inbox';
import { StageTag } from './StageTag';

type Cell = (customer: CustomerResponse) => ReactNode;

/** What a customer's row shows, cell by cell: the table's columns and the phone's cards show the same. */
export interface CustomerCells {
  name: Cell;
  /** Email, else the platform username, else the phone (a customer without a channel may have only that). */
  contact: Cell;
  platform: Cell;
  interest: Cell;
  stage: Cell;
  lastContact: Cell;
  /** View (the details dialog) and Contact (the conversation, ready for a reply). */
  actions: (customer: CustomerResponse, size: ButtonProps['size']) => ReactNode;
}

export function useCustomerCells(onView: (customer: CustomerResponse) => void): CustomerCells {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  const timeText = useRelativeTimeText();
  const interestText = useInterestText();
  const now = useNow();
  return {
    name: (customer) => (
      // The badge beside the name, as wide as its word (in a column it stretched to the cell's width).
      <Flex align="center" gap="small" wrap style={{ minWidth: 0 }}>
        <CustomerName
          strong
          name={customer.name}
          platform={customer.platform}
          testId="customer-name"
          style={{ maxWidth: 240 }}
        />
        <TestBadge isTest={customer.isTest} />
      </Flex>
    ),
    contact: (customer) => (
      <UserTextLine
        secondary
        text={customer.email || customerHandle(customer)}
        testId="customer-handle"
        style={{ maxWidth: 240 }}
      />
    ),
    platform: (customer) => <span data-testid="customer-platform">{platformName(customer.platform)}</span>,
    interest: (customer) => (
      <span data-testid="customer-interest">
        {customer.interest ? interestText(customer.interest) : t('customers.noInterest')}
      </span>
    ),
    stage: (customer) => <StageTag stage={customer.stage} />,
    lastContact: (customer) => (
      <span data-testid="customer-last-contact">{timeText(customer.lastContact, now, 'never')}</span>
    ),
    actions: (customer, size) => (
      <>
        <Button size={size} data-testid="customer-view" onClick={() => onView(customer)}>
          {t('customers.view')}
        </Button>
        <ButtonLink size={size} data-testid="customer-contact" to={inboxPath(customer.id, { reply: true })}>
          {t('customers.contact')}
        </ButtonLink>
      </>
    ),
  };
}
