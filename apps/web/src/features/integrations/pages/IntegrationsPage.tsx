import { PageIntro } from '../../../components/PageIntro';

export default function IntegrationsPage() {
  return <PageIntro name="socialIntegrations" />;
}
