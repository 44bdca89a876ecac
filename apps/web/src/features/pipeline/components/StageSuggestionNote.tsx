import { BulbOutlined } from '@ant-design/icons';
import type { CustomerResponse } from '@parley/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { OWN_DIRECTION } from '../../../shared/components/UserText';
import {
  useAcceptStageSuggestionMutation,
  useDismissStageSuggestionMutation,
  useStageSuggestionsQuery,
} from '../api';

/**
 * The AI's suggested stage for the customer, when their owner's AI only suggests (issue 34): the stage, the
 * customer's words it read, and Accept (a person's move, with the AI's evidence kept) or Dismiss.
 */
export function StageSuggestionNote({ customer }: { customer: CustomerResponse }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const { suggestion } = useStageSuggestionsQuery(undefined, {
    selectFromResult: ({ data }) => ({ suggestion: data?.find((one) => one.customerId === customer.id) }),
  });
  const [accept, accepting] = useAcceptStageSuggestionMutation();
  const [dismiss, dismissing] = useDismissStageSuggestionMutation();
  if (!suggestion) return null;

  const stage = t(`customers.stages.${suggestion.stage}`);
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      const failed = t('pipeline.suggestion.failed');
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
    }
  };
  return (
    <Flex
      vertical
      gap={4}
      data-testid="pipeline-card-suggestion"
      style={{ padding: 8, borderRadius: 6, background: 'var(--ant-color-info-bg, #e6f4ff)' }}
    >
      <Typography.Text strong style={{ fontSize: 12 }}>
        <BulbOutlined aria-hidden /> {t('pipeline.suggestion.title', { stage })}
      </Typography.Text>
      <Typography.Paragraph
        ellipsis={{ rows: 2 }}
        style={{ margin: 0, fontSize: 12, ...OWN_DIRECTION }}
        dir="auto"
        data-testid="pipeline-card-suggestion-quote"
      >
        “{suggestion.evidence.quote}”
      </Typography.Paragraph>
      <Flex gap="small" wrap>
        <Button
          size="small"
          type="primary"
          loading={accepting.isLoading}
          data-testid="pipeline-card-suggestion-accept"
          aria-label={t('pipeline.suggestion.acceptFor', { name: customer.name, stage })}
          onClick={() => void run(() => accept(customer.id).unwrap())}
        >
          {t('pipeline.suggestion.accept')}
        </Button>
        <Button
          size="small"
          loading={dismissing.isLoading}
          data-testid="pipeline-card-suggestion-dismiss"
          aria-label={t('pipeline.suggestion.dismissFor', { name: customer.name })}
          onClick={() => void run(() => dismiss(customer.id).unwrap())}
        >
          {t('pipeline.suggestion.dismiss')}
        </Button>
      </Flex>
    </Flex>
  );
}
