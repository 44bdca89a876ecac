import { UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ApiError, apiErrorField } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { useInviteMemberMutation } from '../api';
import { INVITABLE_ROLES, type InviteMemberBody, type TeamInvitation, type TeamMember } from '../team-types';

const trim = (value: string | undefined) => value?.trim();
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

interface InviteFormProps {
  members: readonly TeamMember[];
  invitations: readonly TeamInvitation[];
}

/**
 * Invites by email with a role. The server's 409 naming `email` (a current member, or a pending invitation)
 * shows under the email field, in the reader's language.
 */
export function InviteForm({ members, invitations }: InviteFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteMemberBody>();
  const [invite, { isLoading }] = useInviteMemberMutation();
  const toast = useToast();
  const failureText = useFailureText();

  /** Why the server refused the email: said in our words when we can tell which case it is. */
  const emailRefusal = (email: string, error: ApiError): string => {
    if (members.some((member) => sameEmail(member.email, email))) return t('team.invite.alreadyMember');
    if (invitations.some((invitation) => sameEmail(invitation.email, email))) {
      return t('team.invite.alreadyInvited');
    }
    const failed = t('team.invite.failed');
    return failureText(error, { failed, network: failed });
  };

  const submit = async (values: InviteMemberBody) => {
    const result = await invite(values);
    if (result.error !== undefined) {
      if (apiErrorField(result.error) === 'email') {
        form.setFields([{ name: 'email', errors: [emailRefusal(values.email, result.error)] }]);
        return;
      }
      toast.error({
        description: failureText(result.error, {
          failed: t('team.invite.failed'),
          network: t('team.invite.networkError'),
        }),
      });
      return;
    }
    toast.success({ description: t('team.invite.sent', { email: values.email }) });
    form.resetFields();
  };

  return (
    <Card title={t('team.invite.title')} data-testid="team-invite-card">
      <Form<InviteMemberBody>
        form={form}
        name="team-invite"
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'agent' }}
        onFinish={(values) => void submit(values)}
      >
        <Flex gap="middle" wrap align="start">
          <Form.Item
            name="email"
            label={t('team.invite.email')}
            normalize={trim}
            style={{ flex: '1 1 240px', marginBottom: 16 }}
            rules={[
              { required: true, message: t('serverMessages.emailRequired') },
              { type: 'email', message: t('serverMessages.emailInvalid') },
            ]}
          >
            <Input type="email" autoComplete="off" inputMode="email" data-testid="team-invite-email" />
          </Form.Item>
          <Form.Item
            name="role"
            label={t('team.invite.role')}
            style={{ flex: '0 1 180px', minWidth: 140, marginBottom: 16 }}
          >
            <Select
              data-testid="team-invite-role"
              options={INVITABLE_ROLES.map((role) => ({ value: role, label: t(`team.roles.${role}`) }))}
            />
          </Form.Item>
        </Flex>
        <Form.Item extra={t('team.invite.hint')} style={{ marginBottom: 0 }}>
          <Button
            type="primary"
            htmlType="submit"
            icon={<UserAddOutlined aria-hidden />}
            loading={isLoading}
            data-testid="team-invite-submit"
          >
            {t('team.invite.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
