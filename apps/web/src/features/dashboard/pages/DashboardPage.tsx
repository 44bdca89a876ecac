import { PageIntro } from '../../../components/PageIntro';

export default function DashboardPage() {
  return <PageIntro name="dashboard" />;
}
