import { PageIntro } from '../../../components/PageIntro';
import { PublicLayout } from '../../../components/PublicLayout';

export default function ResetPasswordPage() {
  return (
    <PublicLayout>
      <PageIntro name="resetPassword" />
    </PublicLayout>
  );
}
