import { PageIntro } from '../../../components/PageIntro';
import { PublicLayout } from '../../../components/PublicLayout';

export default function CheckoutPage() {
  return (
    <PublicLayout>
      <PageIntro name="checkout" />
    </PublicLayout>
  );
}
