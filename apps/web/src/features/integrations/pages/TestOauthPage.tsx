import { PageIntro } from '../../../components/PageIntro';

export default function TestOauthPage() {
  return <PageIntro name="testOauth" />;
}
