import { PageIntro } from '../../../components/PageIntro';

export default function EmailMarketingPage() {
  return <PageIntro name="emailMarketing" />;
}
