import { PageIntro } from '../../../shared/components/PageIntro';

export default function AiTrainingPage() {
  return <PageIntro name="aiTraining" />;
}
