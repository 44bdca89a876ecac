import { PageIntro } from '../../../components/PageIntro';

export default function PlatformSetupPage() {
  return <PageIntro name="platformSetup" />;
}
