import { DEFAULT_CURRENCY, formatMoney } from '@parley/contracts';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetAiConfigQuery } from '../../ai-config/api';
import { useLanguage } from '../../language';
import { useListKnowledgeConflictsQuery } from '../api';

/**
 * Above the knowledge base: the sentences of active items that state a price the catalogue disagrees with
 * (GET /api/ai/knowledge/conflicts), each with its item's title, the stated price and the catalogue's. The agent
 * leaves them out of its replies (docs/agent.md); the owner corrects the passage or the product. Nothing when
 * there are none, or when the list cannot be read. Prices are in the business's currency (the AI configuration's).
 */
export function KnowledgeConflicts() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data: conflicts = [] } = useListKnowledgeConflictsQuery();
  const { data: config } = useGetAiConfigQuery();
  if (conflicts.length === 0) return null;
  const price = (amount: number) => formatMoney(amount, config?.currency ?? DEFAULT_CURRENCY, language);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="knowledge-conflicts"
      title={t('aiTraining.knowledge.conflicts.title', { count: conflicts.length })}
      description={
        <>
          <Typography.Paragraph>{t('aiTraining.knowledge.conflicts.hint')}</Typography.Paragraph>
          <ul>
            {conflicts.map((conflict, i) => (
              <li key={`${conflict.knowledgeItemId}-${i}`} data-testid="knowledge-conflict">
                <Typography.Text strong>{conflict.title}</Typography.Text>
                {': '}
                <bdi>“{conflict.sentence}”</bdi>{' '}
                {t('aiTraining.knowledge.conflicts.prices', {
                  stated: price(conflict.statedPrice),
                  product: conflict.product,
                  catalogue: price(conflict.cataloguePrice),
                })}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
