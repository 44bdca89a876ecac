import type { EmailSequenceResponse } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteEmailSequenceMutation,
  useEmailSequencesFeedInfiniteQuery,
  useUpdateEmailSequenceMutation,
} from '../api';
import { useEmailActions } from '../use-email-actions';
import { EmailListTab } from './EmailListTab';
import { SequenceCard } from './SequenceCard';
import { SequenceDialog, type SequenceDialogMode } from './SequenceDialog';

/**
 * The Automation tab: the owner's email sequences (docs/email.md, "Sequences"): create one (a trigger and
 * steps, each a template after a delay), switch it on or off, edit, delete.
 */
export function AutomationTab() {
  const { t } = useTranslation();
  const feed = useEmailSequencesFeedInfiniteQuery({});
  const [updateSequence] = useUpdateEmailSequenceMutation();
  const [deleteSequence] = useDeleteEmailSequenceMutation();
  const actions = useEmailActions();
  const [dialog, setDialog] = useState<SequenceDialogMode | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const switchTo = async (sequence: EmailSequenceResponse, isActive: boolean) => {
    setBusyId(sequence.id);
    await actions.run(() => updateSequence({ id: sequence.id, changes: { isActive } }).unwrap(), {
      done: t(isActive ? 'emailMarketing.sequences.switchedOn' : 'emailMarketing.sequences.switchedOff'),
      failed: t('emailMarketing.sequences.form.updateFailed'),
    });
    setBusyId(null);
  };

  return (
    <>
      <EmailListTab name="sequences" feed={feed} onAdd={() => setDialog({ mode: 'create' })}>
        {(items) =>
          items.map((sequence) => (
            <SequenceCard
              key={sequence.id}
              sequence={sequence}
              busy={busyId === sequence.id}
              onSwitch={(isActive) => void switchTo(sequence, isActive)}
              onEdit={() => setDialog({ mode: 'edit', sequence })}
              onDelete={() =>
                actions.confirmDelete('sequences', () => deleteSequence(sequence.id).unwrap(), {
                  name: sequence.name,
                })
              }
            />
          ))
        }
      </EmailListTab>
      <SequenceDialog open={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
