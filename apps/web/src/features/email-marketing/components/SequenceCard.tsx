import type { EmailSequenceResponse } from '@parley/contracts';
import { Card, Flex, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import { useLanguage } from '../../language';
import { RowButtons } from './RowButtons';
import { useStepDelayText } from '../use-step-delay-text';
import { useTemplateNames } from '../use-template-names';

interface SequenceCardProps {
  sequence: EmailSequenceResponse;
  /** Its switch is on its way. */
  busy: boolean;
  onSwitch: (isActive: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One sequence: name, trigger, on/off switch, its steps in order (delay and template), who is on their way. */
export function SequenceCard({ sequence, busy, onSwitch, onEdit, onDelete }: SequenceCardProps) {
  const { t } = useTranslation();
  const delayText = useStepDelayText();
  const { language } = useLanguage();
  const count = new Intl.NumberFormat(language);
  const templateName = useTemplateNames();
  const trigger =
    sequence.triggerType === 'stage_reached' && sequence.triggerStage
      ? t('emailMarketing.sequences.triggers.stage_reached_named', {
          stage: t(`customers.stages.${sequence.triggerStage}`),
        })
      : t(`emailMarketing.sequences.triggers.${sequence.triggerType}`);

  return (
    <Card size="small" role="listitem" data-testid="email-sequence" data-sequence-id={sequence.id}>
      <Flex vertical gap="small">
        <Flex justify="space-between" align="start" gap="small" wrap>
          <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Flex gap="small" wrap align="center">
              <Typography.Text strong style={OWNER_TEXT}>
                {sequence.name}
              </Typography.Text>
              <Tag color={sequence.isActive ? 'success' : undefined} data-testid="email-sequence-status">
                {t(sequence.isActive ? 'emailMarketing.sequences.on' : 'emailMarketing.sequences.off')}
              </Tag>
            </Flex>
            <Typography.Text type="secondary" data-testid="email-sequence-trigger">
              {trigger}
            </Typography.Text>
          </Flex>
          <Flex gap="small" align="center">
            <Switch
              checked={sequence.isActive}
              loading={busy}
              onChange={onSwitch}
              aria-label={t('emailMarketing.sequences.switchLabel', { name: sequence.name })}
              data-testid="email-sequence-switch"
            />
            <RowButtons name={sequence.name} onEdit={onEdit} onDelete={onDelete} />
          </Flex>
        </Flex>
        <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="email-sequence-steps">
          {sequence.steps.map((step) => (
            <li key={step.id}>
              <Typography.Text>
                {t('emailMarketing.sequences.stepLine', {
                  delay: delayText(step.delayDays, step.delayHours),
                  template: step.templateId
                    ? templateName(step.templateId)
                    : t('emailMarketing.sequences.templateDeleted'),
                })}
              </Typography.Text>
            </li>
          ))}
        </ol>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="email-sequence-subscribers">
          {t('emailMarketing.sequences.subscribers', {
            active: count.format(sequence.activeSubscribers),
            completed: count.format(sequence.completedSubscribers),
          })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
