import { BookOutlined, FileTextOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../../shared/components/PageIntro';
import { useTabParam } from '../../../shared/hooks/use-tab-param';
import { DocumentsTab } from '../components/DocumentsTab';
import { KnowledgeTab } from '../components/KnowledgeTab';

const TABS = ['documents', 'knowledge'] as const;

/** AI Training (spec 001 §2): the Documents and Knowledge Base tabs; `?tab=knowledge` opens the second. */
export default function AiTrainingPage() {
  const { t } = useTranslation();
  const [tab, selectTab] = useTabParam(TABS);

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
