import { ExperimentOutlined } from '@ant-design/icons';
import type { ReplayDraftDto } from '@parley/contracts';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { useCreateReplayMutation } from '../api';
import { ReplayDrawer } from './ReplayDrawer';

interface TestChangeButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'icon'> {
  /** The change as it stands in the form; undefined when the form is not valid yet (it shows why itself). */
  draft: () => Promise<ReplayDraftDto | undefined>;
}

/**
 * "Test this change" beside a Save (docs/agent.md, "Replay"): starts a replay of the draft and opens the drawer
 * that follows it. Nothing is saved, sent or counted.
 */
export function TestChangeButton({ draft, children, ...button }: TestChangeButtonProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const [createReplay, { isLoading }] = useCreateReplayMutation();
  const [replayId, setReplayId] = useState<string | null>(null);

  const start = async () => {
    const change = await draft();
    if (!change) return;
    try {
      const { id } = await createReplay({ draft: change }).unwrap();
      setReplayId(id);
    } catch (error) {
      const failed = t('replay.startFailed');
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
    }
  };

  return (
    <>
      <Button
        icon={<ExperimentOutlined aria-hidden />}
        loading={isLoading}
        onClick={() => void start()}
        data-testid="test-change"
        {...button}
      >
        {children ?? t('replay.test')}
      </Button>
      <ReplayDrawer replayId={replayId} onClose={() => setReplayId(null)} />
    </>
  );
}
