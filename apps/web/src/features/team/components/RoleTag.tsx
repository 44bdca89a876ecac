import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamRole } from '../team-types';

const COLORS: Record<TeamRole, string> = { owner: 'gold', admin: 'blue', agent: 'default' };

export function RoleTag({ role, testId }: { role: TeamRole; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[role]} data-testid={testId} style={{ marginInlineEnd: 0 }}>
      {t(`team.roles.${role}`)}
    </Tag>
  );
}
