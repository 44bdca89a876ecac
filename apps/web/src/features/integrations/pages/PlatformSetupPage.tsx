import { PageIntro } from '../../../shared/components/PageIntro';

export default function PlatformSetupPage() {
  return <PageIntro name="platformSetup" />;
}
