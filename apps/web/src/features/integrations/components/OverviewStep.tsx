import type { Platform } from '@parley/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';

/** The platform's rules for answering (Meta's windows; X has none), as the Overview step says them. */
const WINDOW_NOTES = {
  facebook: 'integrations.wizard.overview.windowMeta',
  instagram: 'integrations.wizard.overview.windowMeta',
  whatsapp: 'integrations.wizard.overview.windowWhatsapp',
  twitter: 'integrations.wizard.overview.windowX',
} as const satisfies Record<Platform, string>;

/** Step 1: what connecting the platform does, and the platform's rules for answering. */
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
      <Typography.Text type="secondary" data-testid="wizard-window-note">
        {t(WINDOW_NOTES[platform])}
      </Typography.Text>
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
