import type { CustomerStage, StageChangeResponse } from '@parley/contracts';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { OWN_DIRECTION } from '../../../shared/components/UserText';
import { useNow } from '../../../shared/hooks/use-now';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { useStageHistoryQuery, useUndoStageChangeMutation } from '../api';

/** Who made a change, in words: the AI, you, a person of the team, an automation (or nobody recorded). */
function useMoverText(): (change: StageChangeResponse) => string {
  const { t } = useTranslation();
  const me = useAuth().user;
  return (change) => {
    if (change.by === 'person')
      return t(change.userId === me?.id ? 'stageHistory.byYou' : 'stageHistory.byPerson');
    if (change.by === 'ai') return t('stageHistory.byAi');
    if (change.by === 'automation') return t('stageHistory.byAutomation');
    return '';
  };
}

/**
 * The customer's stage changes, newest first (issue 34): each with who made it and when, and for the AI's the
 * customer's words it read and its reading; the AI's latest move can be undone in one click.
 */
export function StageHistory({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const now = useNow(60_000);
  const relative = useRelativeTimeText();
  const moverText = useMoverText();
  const history = useStageHistoryQuery(customerId);
  const [undo, undoing] = useUndoStageChangeMutation();

  const onUndo = async (change: StageChangeResponse, back: CustomerStage) => {
    try {
      await undo({ customerId, changeId: change.id }).unwrap();
      toast.success({ description: t('stageHistory.undone', { stage: t(`customers.stages.${back}`) }) });
    } catch (error) {
      const failed = t('stageHistory.undoFailed');
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
    }
  };

  return (
    <Flex vertical gap="small" data-testid="stage-history">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('stageHistory.title')}
      </Typography.Title>
      {history.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : history.isError ? (
        <Typography.Text type="danger">{t('stageHistory.loadFailed')}</Typography.Text>
      ) : (
        <Flex vertical gap="small" role="list">
          {(history.data ?? []).map((change) => {
            const to = t(`customers.stages.${change.to}`);
            const by = moverText(change);
            return (
              <Flex
                key={change.id}
                role="listitem"
                vertical
                gap={2}
                data-testid="stage-change"
                data-by={change.by ?? 'unknown'}
              >
                <Typography.Text>
                  {change.from === null
                    ? t('stageHistory.added', { stage: to })
                    : by
                      ? t('stageHistory.movedBy', { stage: to, by })
                      : t('stageHistory.moved', { stage: to })}
                  <Typography.Text type="secondary"> · {relative(change.at, now)}</Typography.Text>
                </Typography.Text>
                {change.evidence && (
                  <>
                    <Typography.Text
                      type="secondary"
                      style={{ fontSize: 12, ...OWN_DIRECTION }}
                      dir="auto"
                      data-testid="stage-change-quote"
                    >
                      “{change.evidence.quote}”
                    </Typography.Text>
                    {change.evidence.intent && change.evidence.leadPotential && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('stageHistory.reading', {
                          intent: t(`dashboard.testAgent.intents.${change.evidence.intent}`),
                          potential: t(`dashboard.testAgent.levels.${change.evidence.leadPotential}`),
                        })}
                      </Typography.Text>
                    )}
                  </>
                )}
                {change.undoneAt !== null && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('stageHistory.wasUndone')}
                  </Typography.Text>
                )}
                {change.undoable && change.from !== null && (
                  <Button
                    size="small"
                    style={{ alignSelf: 'flex-start' }}
                    loading={undoing.isLoading}
                    data-testid="stage-change-undo"
                    onClick={() => void onUndo(change, change.from as CustomerStage)}
                  >
                    {t('stageHistory.undo', { stage: t(`customers.stages.${change.from}`) })}
                  </Button>
                )}
              </Flex>
            );
          })}
        </Flex>
      )}
    </Flex>
  );
}
