import { PageIntro } from '../../../components/PageIntro';

export default function AiTrainingPage() {
  return <PageIntro name="aiTraining" />;
}
