import { MAX_LEAD_VALUE, type CustomerResponse } from '@parley/contracts';
import { type ButtonProps, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../app/api-error';
import { useToast } from '../../../app/toast';
import { useGetAiConfigQuery } from '../../ai-config/api';
import { useSetLeadValueMutation } from '../api';

/** What the customer's lead is worth, in the business's currency; empty clears it. */
export function LeadValueDialog({
  customer,
  onClose,
}: {
  customer: CustomerResponse | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data: config } = useGetAiConfigQuery();
  const [value, setValue] = useState<number | null>(null);
  const [save, { isLoading }] = useSetLeadValueMutation();

  useEffect(() => setValue(customer?.leadValue ?? null), [customer]);

  const submit = async () => {
    if (!customer) return;
    try {
      await save({ id: customer.id, leadValue: value }).unwrap();
      onClose();
    } catch (error) {
      toast.error({ description: apiErrorMessage(error as never, t('pipeline.value.failed')) });
    }
  };

  return (
    <Modal
      open={customer !== null}
      title={t('pipeline.value.title', { name: customer?.name ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={isLoading}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'pipeline-value-save' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('pipeline.value.hint')}</Typography.Paragraph>
      <InputNumber<number>
        autoFocus
        data-testid="pipeline-value-input"
        aria-label={t('pipeline.value.label')}
        min={0}
        max={MAX_LEAD_VALUE}
        precision={2}
        step={1}
        value={value}
        onChange={(next) => setValue(next)}
        suffix={config?.currency}
        style={{ width: '100%' }}
        onPressEnter={() => void submit()}
      />
    </Modal>
  );
}
