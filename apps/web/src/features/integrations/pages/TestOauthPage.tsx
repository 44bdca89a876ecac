import { PageIntro } from '../../../shared/components/PageIntro';

export default function TestOauthPage() {
  return <PageIntro name="testOauth" />;
}
