import { PageIntro } from '../../../components/PageIntro';

export default function CustomersPage() {
  return <PageIntro name="customers" />;
}
