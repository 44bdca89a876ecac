import { PageIntro } from '../../../components/PageIntro';

export default function MessagesPage() {
  return <PageIntro name="messages" />;
}
