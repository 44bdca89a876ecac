import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A centred spinner with 'Loading...': the whole screen, or the area it is placed in. */
export function Loading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 240 }}>
      <Spin size="large" description={t('common.loading')} />
    </Flex>
  );
}
