import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/toast';
import { PageIntro } from '../../../shared/components/PageIntro';
import { useConnect } from '../use-connect';

/** /test-oauth (spec 001 §2): one button, Test Facebook OAuth, which starts connecting Facebook. */
export default function TestOauthPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const connectTo = useConnect();
  const [connecting, setConnecting] = useState(false);

  const test = async () => {
    setConnecting(true);
    const refusal = await connectTo('facebook');
    if (refusal === null) return;
    setConnecting(false);
    toast.error({ title: t('integrations.connect.failedTitle'), description: refusal });
  };

  return (
    <>
      <PageIntro name="testOauth" />
      <Card>
        <Flex justify="center">
          <Button
            type="primary"
            size="large"
            loading={connecting}
            data-testid="test-oauth"
            onClick={() => void test()}
          >
            {t('integrations.testOauth')}
          </Button>
        </Flex>
      </Card>
    </>
  );
}
