import { Card, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 001 §2: "Processing catalog upload..." with a progress bar, while an upload runs. */
export function UploadProgressCard({ percent }: { percent: number }) {
  const { t } = useTranslation();
  const text = t('products.upload.processing');
  return (
    <Card size="small" data-testid="products-upload-progress" style={{ marginBottom: 16 }}>
      <Flex vertical gap={4}>
        <Typography.Text>{text}</Typography.Text>
        <Progress percent={percent} status="active" aria-label={text} data-testid="products-upload-bar" />
      </Flex>
    </Card>
  );
}
