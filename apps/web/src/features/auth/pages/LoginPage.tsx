import { PageIntro } from '../../../components/PageIntro';
import { PublicLayout } from '../../../components/PublicLayout';

export default function LoginPage() {
  return (
    <PublicLayout>
      <PageIntro name="login" />
    </PublicLayout>
  );
}
