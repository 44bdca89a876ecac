import type { CustomerStage } from '@parley/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAGE_COLORS } from '../customer-format';

export function StageTag({ stage }: { stage: CustomerStage }) {
  const { t } = useTranslation();
  return (
    <Tag color={STAGE_COLORS[stage]} data-testid="customer-stage" data-stage={stage}>
      {t(`customers.stages.${stage}`)}
    </Tag>
  );
}
