import { CURRENCIES } from '@parley/contracts';
import { App, type ButtonProps, Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';
import { useListProductsQuery } from '../../products/api';

/**
 * The business's currency (`currency`): every ISO 4217 code of CURRENCIES, named in the reader's language by
 * Intl.DisplayNames ("GBP · British Pound", "GBP · libra esterlina"). Test id `{prefix}-currency`.
 */
export function CurrencyField({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames(language, { type: 'currency' });
    return CURRENCIES.map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
  }, [language]);
  return (
    <Form.Item name="currency" label={t('aiConfig.currency.label')} extra={t('aiConfig.currency.hint')}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        options={options}
        data-testid={`${testIdPrefix}-currency`}
        aria-label={t('aiConfig.currency.label')}
      />
    </Form.Item>
  );
}

/**
 * Before a save that changes the currency while the owner has products: asks what to do with their prices. There
 * are no exchange rates, so the one way on is to keep the numbers and relabel them in the new currency; or cancel.
 * Resolves true to go on with the save.
 */
export function useCurrencyChangeConfirm(current: string): (next: string | undefined) => Promise<boolean> {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { data: someProduct } = useListProductsQuery({ limit: 1 });
  const hasProducts = (someProduct?.items.length ?? 0) > 0;
  return (next) => {
    if (next === undefined || next === current || !hasProducts) return Promise.resolve(true);
    return new Promise((resolve) => {
      modal.confirm({
        title: t('aiConfig.currency.changeTitle', { from: current, to: next }),
        content: t('aiConfig.currency.changeBody', { from: current, to: next }),
        okText: t('aiConfig.currency.keepNumbers', { to: next }),
        cancelText: t('common.cancel'),
        okButtonProps: { 'data-testid': 'currency-change-keep' } as ButtonProps,
        cancelButtonProps: { 'data-testid': 'currency-change-cancel' } as ButtonProps,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  };
}
