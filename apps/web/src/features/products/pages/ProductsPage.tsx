import { PageIntro } from '../../../shared/components/PageIntro';

export default function ProductsPage() {
  return <PageIntro name="products" />;
}
