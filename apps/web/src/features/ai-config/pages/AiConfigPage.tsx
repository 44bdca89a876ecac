import { PageIntro } from '../../../components/PageIntro';

export default function AiConfigPage() {
  return <PageIntro name="aiConfig" />;
}
