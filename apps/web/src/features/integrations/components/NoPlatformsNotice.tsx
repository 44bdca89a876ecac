import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { useCan } from '../../team';

/**
 * Spec 001 §8's "No platforms connected" warnings, with the way to connect one under the text (beside it,
 * the button squeezed the text into a narrow column on a phone). Connecting is for owners and admins.
 */
export function NoPlatformsNotice({ text }: { text: string }) {
  const { t } = useTranslation();
  const canConnect = useCan()('manageChannels');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="no-platforms"
      title={text}
      description={
        canConnect && (
          <ButtonLink to="/social-integrations" size="small">
            {t('integrations.connectPlatform')}
          </ButtonLink>
        )
      }
    />
  );
}
