import { PageIntro } from '../../../shared/components/PageIntro';

export default function IntegrationsPage() {
  return <PageIntro name="socialIntegrations" />;
}
