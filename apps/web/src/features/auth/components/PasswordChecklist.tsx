import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import {
  PASSWORD_CHECKLIST_RULES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordRule,
} from '@parley/contracts';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** True when `password` holds every rule of the checklist; the submit buttons wait for it. */
export function holdsChecklist(password: string): boolean {
  return PASSWORD_CHECKLIST_RULES.every((rule) => rule.test(password));
}

/** The number each length rule names (its text is pluralised by it). */
const RULE_LENGTHS: Partial<Record<PasswordRule['id'], number>> = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
};

/**
 * The live checklist of the register and reset forms (spec 000 §5): which rules the password holds.
 * An empty field holds none: "at most 128 characters" shown as met before typing reads as a bug.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <Flex
      vertical
      gap={2}
      component="ul"
      aria-label={t('auth.password.checklist')}
      data-testid="password-checklist"
      style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}
    >
      {PASSWORD_CHECKLIST_RULES.map((rule) => (
        <ChecklistItem key={rule.id} rule={rule} met={password !== '' && rule.test(password)} />
      ))}
    </Flex>
  );
}

function ChecklistItem({ rule, met }: { rule: PasswordRule; met: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const label = t(`auth.password.rules.${rule.id}`, { count: RULE_LENGTHS[rule.id] });
  const state = met ? t('auth.password.met') : t('auth.password.notMet');
  return (
    <li
      data-rule={rule.id}
      data-met={met}
      style={{ color: met ? token.colorSuccess : token.colorTextSecondary }}
    >
      {met ? (
        <CheckCircleFilled aria-label={state} style={{ marginInlineEnd: 8 }} />
      ) : (
        <CloseCircleOutlined aria-label={state} style={{ marginInlineEnd: 8 }} />
      )}
      {label}
    </li>
  );
}
