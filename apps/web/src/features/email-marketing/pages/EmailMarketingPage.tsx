import { PageIntro } from '../../../shared/components/PageIntro';

export default function EmailMarketingPage() {
  return <PageIntro name="emailMarketing" />;
}
