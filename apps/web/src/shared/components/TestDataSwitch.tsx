import { Flex, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setShowTestData, useShowTestData } from '../hooks/use-show-test-data';

/** The one switch that shows or hides test data on every list and figure (useTestDataFilter). */
export function TestDataSwitch() {
  const { t } = useTranslation();
  const show = useShowTestData();
  const labelId = useId();
  return (
    <Flex align="center" justify="space-between" gap="small">
      <Typography.Text id={labelId}>{t('testData.show')}</Typography.Text>
      <Switch
        size="small"
        checked={show}
        onChange={setShowTestData}
        aria-labelledby={labelId}
        data-testid="test-data-switch"
      />
    </Flex>
  );
}
