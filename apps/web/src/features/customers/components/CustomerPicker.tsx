import type { CustomerResponse, Platform } from '@parley/contracts';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchCustomersQuery } from '../api';

interface CustomerPickerProps {
  id?: string;
  platform: Platform | undefined;
  /** The recipient ID now in the form: the picked customer shows while it is still theirs. */
  recipientId: string;
  disabled?: boolean;
  onPick: (customer: CustomerResponse) => void;
}

/**
 * A customer of `platform`, found by name (GET /api/customers?platform=…&q=…, the server's search of
 * name, email and platform username): picking one hands back the customer, whose platform username is the
 * recipient ID of Send Message (issue #29). Typing another ID by hand, or changing the platform, clears it.
 */
export function CustomerPicker({ id, platform, recipientId, disabled, onPick }: CustomerPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const [picked, setPicked] = useState<CustomerResponse | null>(null);
  const customers = useSearchCustomersQuery({ platform, q }, { skip: platform === undefined });
  const list = customers.data?.items ?? [];
  const shown =
    picked && picked.platform === platform && picked.platformUsername === recipientId.trim() ? picked : null;

  return (
    <Select
      id={id}
      data-testid="send-message-customer"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      disabled={disabled || platform === undefined}
      loading={customers.isFetching}
      placeholder={t('socialMedia.send.customerPlaceholder')}
      value={shown?.id ?? null}
      onChange={(value: string | undefined) => {
        const customer = list.find((item) => item.id === value) ?? null;
        setPicked(customer);
        setSearch('');
        if (customer) onPick(customer);
      }}
      options={[...(shown && !list.some((item) => item.id === shown.id) ? [shown] : []), ...list].map(
        (customer) => ({
          value: customer.id,
          label: `${customer.name} (\u2068${customer.platformUsername}\u2069)`,
        }),
      )}
    />
  );
}
