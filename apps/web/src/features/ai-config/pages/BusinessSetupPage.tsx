import { PageIntro } from '../../../components/PageIntro';

export default function BusinessSetupPage() {
  return <PageIntro name="businessSetup" />;
}
