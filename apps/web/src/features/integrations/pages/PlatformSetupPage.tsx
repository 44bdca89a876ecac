import { isPlatform } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PageIntro } from '../../../shared/components/PageIntro';
import { StatusPanel } from '../../../shared/components/StatusPanel';
import { PlatformWizard } from '../components/PlatformWizard';

/** /setup/{platform} (spec 001 §2): the three-step wizard, or Invalid Platform for anything else. */
export default function PlatformSetupPage() {
  const { t } = useTranslation();
  const { platform } = useParams();
  if (!isPlatform(platform)) {
    return (
      <StatusPanel
        status="error"
        title={t('integrations.wizard.invalidTitle')}
        description={t('integrations.wizard.invalidDescription')}
        actions={
          <ButtonLink to="/dashboard" type="primary" data-testid="wizard-return">
            {t('integrations.wizard.returnToDashboard')}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <>
      <PageIntro name="platformSetup" />
      {/* A new platform in the address is a new wizard: nothing carries over. */}
      <PlatformWizard key={platform} platform={platform} />
    </>
  );
}
