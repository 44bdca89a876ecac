import { ErrorCode } from '@parley/contracts';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Result, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { type ApiError, apiErrorCode, apiErrorField, apiErrorMessage } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { Loading } from '../../../shared/components/Loading';
import { PageIntroText } from '../../../shared/components/PageIntro';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { useDateText } from '../../../shared/hooks/use-date-time';
import type { InvitationPreview } from '../../team';
import { browser } from '../../../app/browser';
import { LOGIN_REDIRECT_DELAY_MS } from '../AuthProvider';
import { useAcceptInvitationMutation, useGetInvitationQuery } from '../api';
import { useAuth } from '../auth-context';
import { AuthForm } from '../components/AuthForm';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { NewPasswordSubmit } from '../components/NewPasswordSubmit';

/** Spec 000 §5: the confirmation of a new password needs at least 6 characters, as on sign-up. */
const CONFIRM_MIN_LENGTH = 6;

/** Why a link cannot be used: the server's 404 says "expired" or "no longer valid" (docs/teams.md). */
type DeadLink = 'expired' | 'invalid';

function deadLinkOf(error: ApiError | undefined): DeadLink | null {
  if (error === undefined || !('status' in error) || error.status !== 404) return null;
  return /expired/i.test(apiErrorMessage(error, '')) ? 'expired' : 'invalid';
}

/** What the accept call refused, in the page's words. */
type Refusal =
  /** Signed in with another address than the invited one (403). */
  | { kind: 'wrongAccount' }
  /** The account owns a workspace with data or other members (409, field "account"). */
  | { kind: 'ownsWorkspace' }
  | { kind: 'dead'; reason: DeadLink }
  | { kind: 'other'; text: string };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * /invitations/:token, the link of an invitation's mail (issue #33). It names the workspace, who invited and
 * the role. A visitor creates the invited account with a name and a password and lands signed in; a
 * signed-in member of the invited address joins with one button. Another account is told whose the
 * invitation is and offered to sign out; an account owning a workspace with data is told why it cannot
 * join. An expired or used link says so.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { user } = useAuth();
  const invitation = useGetInvitationQuery(token);
  const Frame = user ? SignedInFrame : PublicLayout;

  const content = (): ReactNode => {
    if (invitation.isLoading) return <Loading />;
    const dead = deadLinkOf(invitation.error);
    if (dead) return <DeadLinkResult reason={dead} />;
    if (invitation.isError || !invitation.data) return <LoadFailed />;
    return <Invitation token={token} invitation={invitation.data} />;
  };

  return <Frame>{content()}</Frame>;
}

function SignedInFrame({ children }: { children: ReactNode }) {
  return (
    <Flex justify="center">
      <Card style={{ width: '100%', maxWidth: 520 }}>{children}</Card>
    </Flex>
  );
}

function DeadLinkResult({ reason }: { reason: DeadLink }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t(`auth.invitation.${reason}.title`)}
      subTitle={t(`auth.invitation.${reason}.hint`)}
      data-testid={`invitation-${reason}`}
      style={{ padding: '16px 0' }}
    />
  );
}

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      data-testid="invitation-load-failed"
      title={t('auth.invitation.loadFailed')}
      description={t('common.tryAgainLater')}
    />
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [joined, setJoined] = useState<string | null>(null);
  const toast = useToast();
  const failureText = useFailureText();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const wrongAccount = user !== null && !sameEmail(user.email, invitation.email);

  const submit = async (body: { name: string; password: string } | Record<string, never>) => {
    setRefusal(null);
    const result = await accept({ token, body });
    if (result.error !== undefined) {
      setRefusal(refusalOf(result.error));
      return;
    }
    // The app starts afresh in the workspace (its caches belong to the account's old state). Not
    // `enterApp`: this page stays as it is until then, signed in or out, instead of flashing the other form.
    setJoined(result.data.workspace.name);
    toast.success({ description: t('auth.invitation.joined', { workspace: result.data.workspace.name }) });
    window.setTimeout(() => browser.assign('/'), LOGIN_REDIRECT_DELAY_MS);
  };

  const refusalOf = (error: ApiError): Refusal => {
    const dead = deadLinkOf(error);
    if (dead) return { kind: 'dead', reason: dead };
    if (apiErrorCode(error) === ErrorCode.Forbidden) return { kind: 'wrongAccount' };
    if (apiErrorCode(error) === ErrorCode.Conflict && apiErrorField(error) === 'account') {
      return { kind: 'ownsWorkspace' };
    }
    return {
      kind: 'other',
      text: failureText(error, {
        failed: t('auth.invitation.acceptFailed'),
        network: t('auth.invitation.networkError'),
      }),
    };
  };

  if (refusal?.kind === 'dead') return <DeadLinkResult reason={refusal.reason} />;
  if (joined !== null)
    return (
      <Result
        status="success"
        title={t('auth.invitation.joined', { workspace: joined })}
        subTitle={t('common.loading')}
        data-testid="invitation-joined"
      />
    );

  return (
    <Flex vertical gap="middle">
      <PageIntroText
        title={t('auth.invitation.title', { workspace: invitation.workspaceName })}
        description={t('auth.invitation.description', {
          inviter: invitation.invitedByName,
          workspace: invitation.workspaceName,
          role: t(`team.roles.${invitation.role}`),
        })}
      />
      <InvitationFacts invitation={invitation} />
      {refusal?.kind === 'ownsWorkspace' && (
        <Alert
          type="warning"
          showIcon
          data-testid="invitation-owns-workspace"
          title={t('auth.invitation.ownsWorkspace.title')}
          description={t('auth.invitation.ownsWorkspace.hint')}
        />
      )}
      {refusal?.kind === 'other' && (
        <Alert type="error" showIcon data-testid="invitation-refused" title={refusal.text} />
      )}
      {user === null ? (
        <CreateAccountForm
          email={invitation.email}
          loading={isLoading}
          onSubmit={(values) => void submit(values)}
          token={token}
        />
      ) : wrongAccount || refusal?.kind === 'wrongAccount' ? (
        <WrongAccount token={token} invitedEmail={invitation.email} signedInEmail={user.email} />
      ) : refusal?.kind === 'ownsWorkspace' ? null : (
        <Button
          type="primary"
          size="large"
          block
          loading={isLoading}
          data-testid="invitation-join"
          onClick={() => void submit({})}
        >
          {t('auth.invitation.join', { workspace: invitation.workspaceName })}
        </Button>
      )}
    </Flex>
  );
}

function InvitationFacts({ invitation }: { invitation: InvitationPreview }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid="invitation-facts"
      items={[
        {
          key: 'workspace',
          label: t('auth.invitation.workspace'),
          children: <span data-testid="invitation-workspace">{invitation.workspaceName}</span>,
        },
        {
          key: 'inviter',
          label: t('auth.invitation.invitedBy'),
          children: <span data-testid="invitation-inviter">{invitation.invitedByName}</span>,
        },
        {
          key: 'email',
          label: t('auth.invitation.email'),
          children: <bdi data-testid="invitation-email">{invitation.email}</bdi>,
        },
        {
          key: 'role',
          label: t('auth.invitation.role'),
          children: <span data-testid="invitation-role">{t(`team.roles.${invitation.role}`)}</span>,
        },
        {
          key: 'expires',
          label: t('auth.invitation.expires'),
          children: <span data-testid="invitation-expires">{dateText(invitation.expiresAt)}</span>,
        },
      ]}
    />
  );
}

interface CreateAccountValues {
  name: string;
  password: string;
  confirmPassword: string;
}

function CreateAccountForm({
  email,
  token,
  loading,
  onSubmit,
}: {
  email: string;
  token: string;
  loading: boolean;
  onSubmit: (values: { name: string; password: string }) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateAccountValues>();
  const loginPath = `/login?${new URLSearchParams({ next: `/invitations/${token}` }).toString()}`;

  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('auth.invitation.createAccount', { email })}
      </Typography.Paragraph>
      <AuthForm<CreateAccountValues>
        name="invitation"
        form={form}
        onFinish={({ name, password }) => onSubmit({ name: name.trim(), password })}
      >
        <Form.Item
          name="name"
          label={t('auth.invitation.name')}
          rules={[{ required: true, whitespace: true, message: t('auth.invitation.nameRequired') }]}
        >
          <Input autoComplete="name" maxLength={100} data-testid="invitation-name" />
        </Form.Item>
        <NewPasswordFields
          testIdPrefix="invitation"
          passwordLabel={t('auth.fields.password')}
          confirmMinLength={CONFIRM_MIN_LENGTH}
        />
        <NewPasswordSubmit loading={loading} testId="invitation-submit">
          {t('auth.invitation.submit')}
        </NewPasswordSubmit>
      </AuthForm>
      <Typography.Paragraph style={{ textAlign: 'center', marginBottom: 0 }}>
        {t('auth.invitation.haveAccount')}{' '}
        <Link to={loginPath} data-testid="invitation-login-link">
          {t('auth.invitation.login')}
        </Link>
      </Typography.Paragraph>
    </>
  );
}

function WrongAccount({
  token,
  invitedEmail,
  signedInEmail,
}: {
  token: string;
  invitedEmail: string;
  signedInEmail: string;
}) {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="invitation-wrong-account"
      title={t('auth.invitation.wrongAccount.title')}
      description={
        <Flex vertical gap="small" align="start">
          <span>
            {t('auth.invitation.wrongAccount.hint', { invited: invitedEmail, current: signedInEmail })}
          </span>
          <Button
            loading={signingOut}
            data-testid="invitation-sign-out"
            onClick={() => {
              setSigningOut(true);
              void logout(`/invitations/${token}`);
            }}
          >
            {t('auth.invitation.wrongAccount.signOut')}
          </Button>
        </Flex>
      }
    />
  );
}
