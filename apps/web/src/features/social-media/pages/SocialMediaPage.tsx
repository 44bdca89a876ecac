import { PageIntro } from '../../../shared/components/PageIntro';

export default function SocialMediaPage() {
  return <PageIntro name="socialMedia" />;
}
