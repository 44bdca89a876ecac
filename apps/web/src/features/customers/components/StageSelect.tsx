import { CUSTOMER_STAGES, type CustomerStage } from '@parley/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface StageSelectProps {
  testId: string;
  stage: CustomerStage;
  /** The change is being saved: the select waits. */
  saving: boolean;
  onChange: (stage: CustomerStage) => void;
  width: number | string;
}

/** A customer's pipeline stage, any to any (spec 000 §4), saved as it is picked. */
export function StageSelect({ testId, stage, saving, onChange, width }: StageSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<CustomerStage>
      data-testid={testId}
      aria-label={t('customers.details.stage')}
      value={stage}
      loading={saving}
      disabled={saving}
      onChange={onChange}
      style={{ width, maxWidth: '100%' }}
      options={CUSTOMER_STAGES.map((value) => ({ value, label: t(`customers.stages.${value}`) }))}
    />
  );
}
