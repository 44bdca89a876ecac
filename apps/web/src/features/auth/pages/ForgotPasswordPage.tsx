import { PageIntro } from '../../../components/PageIntro';
import { PublicLayout } from '../../../components/PublicLayout';

export default function ForgotPasswordPage() {
  return (
    <PublicLayout>
      <PageIntro name="forgotPassword" />
    </PublicLayout>
  );
}
