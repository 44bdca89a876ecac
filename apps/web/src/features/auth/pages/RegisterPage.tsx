import { PageIntro } from '../../../components/PageIntro';
import { PublicLayout } from '../../../components/PublicLayout';

export default function RegisterPage() {
  return (
    <PublicLayout>
      <PageIntro name="register" />
    </PublicLayout>
  );
}
