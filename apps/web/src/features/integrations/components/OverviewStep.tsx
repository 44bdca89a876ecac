import { isMetaChannel, type Platform } from '@parley/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';

/** Step 1: what connecting the platform does, and Meta's rules for answering. */
export function OverviewStep({ platform, onNext }: { platform: Platform; onNext: () => void }) {
  const { t } = useTranslation();
  const name = usePlatformName()(platform);
  return (
    <Flex vertical gap="middle" data-testid="wizard-overview-step">
      <Typography.Paragraph style={{ margin: 0 }}>
        {t(`integrations.wizard.overview.${platform}`)}
      </Typography.Paragraph>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>{t('integrations.wizard.overview.signIn', { platform: name })}</li>
        <li>{t('integrations.wizard.overview.answers')}</li>
        <li>{t('integrations.wizard.overview.disconnect')}</li>
      </ul>
      {isMetaChannel(platform) && (
        <Typography.Text type="secondary">
          {t(
            platform === 'whatsapp'
              ? 'integrations.wizard.overview.windowWhatsapp'
              : 'integrations.wizard.overview.windowMeta',
          )}
        </Typography.Text>
      )}
      <Flex justify="end" gap="small" wrap>
        <ButtonLink to="/dashboard" data-testid="wizard-cancel">
          {t('common.cancel')}
        </ButtonLink>
        <Button type="primary" data-testid="wizard-next" onClick={onNext}>
          {t('integrations.wizard.next')}
        </Button>
      </Flex>
    </Flex>
  );
}
