import { PageIntro } from '../../../components/PageIntro';
import { PublicLayout } from '../../../components/PublicLayout';

export default function VerifyEmailPage() {
  return (
    <PublicLayout>
      <PageIntro name="verifyEmail" />
    </PublicLayout>
  );
}
