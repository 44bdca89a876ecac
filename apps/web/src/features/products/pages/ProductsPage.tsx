import { PageIntro } from '../../../components/PageIntro';

export default function ProductsPage() {
  return <PageIntro name="products" />;
}
