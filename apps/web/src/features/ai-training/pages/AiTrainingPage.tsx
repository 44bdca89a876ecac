import { BookOutlined, FileTextOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageIntro } from '../../../shared/components/PageIntro';
import { DocumentsTab } from '../components/DocumentsTab';
import { KnowledgeTab } from '../components/KnowledgeTab';

const TABS = ['documents', 'knowledge'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** AI Training (spec 001 §2): the Documents and Knowledge Base tabs; `?tab=knowledge` opens the second. */
export default function AiTrainingPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'documents';

  const selectTab = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'documents') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <>
      <PageIntro name="aiTraining" />
      <Tabs
        activeKey={tab}
        onChange={selectTab}
        data-testid="training-tabs"
        items={[
          {
            key: 'documents',
            label: t('aiTraining.tabs.documents'),
            icon: <FileTextOutlined aria-hidden />,
            children: <DocumentsTab />,
          },
          {
            key: 'knowledge',
            label: t('aiTraining.tabs.knowledge'),
            icon: <BookOutlined aria-hidden />,
            children: <KnowledgeTab />,
          },
        ]}
      />
    </>
  );
}
