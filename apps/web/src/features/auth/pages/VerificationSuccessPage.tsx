import { PageIntro } from '../../../components/PageIntro';
import { PublicLayout } from '../../../components/PublicLayout';

export default function VerificationSuccessPage() {
  return (
    <PublicLayout>
      <PageIntro name="verificationSuccess" />
    </PublicLayout>
  );
}
