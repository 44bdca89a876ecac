import { PLATFORMS, type Platform } from '@parley/contracts';
import { Alert, App, Col, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { Loading } from '../../../shared/components/Loading';
import { PageIntro } from '../../../shared/components/PageIntro';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useDisconnectMutation, useListIntegrationsQuery } from '../api';
import { IntegrationCard } from '../components/IntegrationCard';

/**
 * /social-integrations: every platform with its status, what is connected and when it last synced;
 * Connect leads to the platform's wizard, Disconnect asks first (spec 001 §7, §8). /ws says when a
 * connection changes elsewhere (`integration_changed`), and the list refreshes.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const failureText = useFailureText();
  const platformName = usePlatformName();
  const integrations = useListIntegrationsQuery();
  const [disconnect] = useDisconnectMutation();
  const [disconnecting, setDisconnecting] = useState<Platform | null>(null);

  const confirmDisconnect = (platform: Platform) => {
    const name = platformName(platform);
    modal.confirm({
      title: t('integrations.disconnect.title', { platform: name }),
      content: t('integrations.disconnect.confirm', { platform: name }),
      okText: t('integrations.disconnect.submit'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        setDisconnecting(platform);
        try {
          await disconnect(platform).unwrap();
          toast.success({ description: t('integrations.disconnect.done', { platform: name }) });
        } catch (error) {
          const failed = t('integrations.disconnect.failed');
          toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
        } finally {
          setDisconnecting(null);
        }
      },
    });
  };

  return (
    <>
      <PageIntro name="socialIntegrations" />
      {integrations.isError && (
        <Alert
          type="warning"
          showIcon
          data-testid="integrations-load-failed"
          title={t('integrations.loadFailed')}
          description={t('common.tryAgainLater')}
          style={{ marginBottom: 16 }}
        />
      )}
      {integrations.isLoading ? (
        <Loading />
      ) : (
        <Row gutter={[16, 16]} data-testid="integrations-list">
          {PLATFORMS.map((platform) => (
            <Col key={platform} xs={24} md={12} xl={6}>
              <IntegrationCard
                platform={platform}
                integration={integrations.data?.find((item) => item.platform === platform)}
                disconnecting={disconnecting === platform}
                onDisconnect={confirmDisconnect}
              />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
