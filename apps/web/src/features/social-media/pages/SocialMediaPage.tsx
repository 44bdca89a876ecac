import { PageIntro } from '../../../components/PageIntro';

export default function SocialMediaPage() {
  return <PageIntro name="socialMedia" />;
}
