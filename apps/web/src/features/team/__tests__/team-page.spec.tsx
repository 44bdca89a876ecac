import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseOption } from '../../../test/antd';
import { type FakeRoutes, json, lastBodyOf, requestsTo } from '../../../test/fake-api';
import { aMember, anInvitation, grace, linus, MEMBERS } from '../../../test/fixtures/team';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import type { TeamRole } from '../team-types';

function openTeam(role: TeamRole, routes: FakeRoutes = {}) {
  return renderSignedIn('/team', aMember(role), {
    'GET /api/team/members': () => json(200, { items: MEMBERS }),
    'GET /api/team/invitations': () => json(200, { items: [anInvitation] }),
    ...routes,
  });
}

function memberRow(userId: string): HTMLElement {
  const row = screen.getAllByTestId('team-member').find((element) => element.dataset.userId === userId);
  if (!row) throw new Error(`No row for ${userId}`);
  return row;
}

describe('/team for the owner', () => {
  it('lists every member with their role, the owner and themselves without controls', async () => {
    openTeam('owner');

    const rows = await screen.findAllByTestId('team-member');
    expect(rows.map((row) => within(row).getByTestId('team-member-name').textContent)).toEqual([
      'Ada Lovelace (you)',
      'Grace Hopper',
      'Linus Pauling',
    ]);
    const me = memberRow(MEMBERS[0].userId);
    expect(within(me).getByTestId('team-member-role')).toHaveTextContent('Owner');
    expect(within(me).queryByTestId('team-member-remove')).not.toBeInTheDocument();
    expect(within(me).queryByTestId('team-member-transfer')).not.toBeInTheDocument();
    expect(within(memberRow(grace.userId)).getByTestId('team-member-email')).toHaveTextContent(
      'grace@example.com',
    );
    expect(within(memberRow(grace.userId)).getByTestId('team-member-role-select')).toHaveTextContent('Admin');
    expect(within(memberRow(linus.userId)).getByTestId('team-member-role-select')).toHaveTextContent('Agent');
  });

  it("changes a member's role", async () => {
    const { fetchSpy } = openTeam('owner', {
      [`PATCH /api/team/members/${linus.userId}`]: () => json(200, { ...linus, role: 'admin' }),
    });
    await screen.findAllByTestId('team-member');

    await chooseOption(within(memberRow(linus.userId)).getByTestId('team-member-role-select'), 'Admin');

    expect(await findToast('Linus Pauling is now Admin.')).toMatchObject({ kind: 'success' });
    expect(await lastBodyOf(fetchSpy, `PATCH /api/team/members/${linus.userId}`)).toEqual({ role: 'admin' });
  });

  it('removes a member only after confirming', async () => {
    let members = MEMBERS;
    const { fetchSpy } = openTeam('owner', {
      'GET /api/team/members': () => json(200, { items: members }),
      [`DELETE /api/team/members/${linus.userId}`]: () => {
        members = MEMBERS.filter((member) => member.userId !== linus.userId);
        return new Response(null, { status: 204 });
      },
    });
    await screen.findAllByTestId('team-member');

    await userEvent.click(within(memberRow(linus.userId)).getByTestId('team-member-remove'));
    expect(
      await screen.findAllByText('Remove Linus Pauling?', { selector: '.ant-modal-confirm-title' }),
    ).not.toHaveLength(0);
    expect(requestsTo(fetchSpy, `DELETE /api/team/members/${linus.userId}`)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('team-remove-confirm'));

    expect(await findToast('Linus Pauling was removed from the workspace.')).toMatchObject({
      kind: 'success',
    });
    await waitFor(() => expect(screen.getAllByTestId('team-member')).toHaveLength(2));
  });

  it('transfers the ownership to an admin after confirming; agents are not offered it', async () => {
    const { fetchSpy } = openTeam('owner', {
      'POST /api/team/transfer-ownership': () => json(200, {}),
    });
    await screen.findAllByTestId('team-member');
    expect(within(memberRow(linus.userId)).queryByTestId('team-member-transfer')).not.toBeInTheDocument();

    await userEvent.click(within(memberRow(grace.userId)).getByTestId('team-member-transfer'));
    expect(
      await screen.findAllByText('Make Grace Hopper the owner?', { selector: '.ant-modal-confirm-title' }),
    ).not.toHaveLength(0);
    await userEvent.click(screen.getByTestId('team-transfer-confirm'));

    expect(await findToast('Grace Hopper is now the owner.')).toMatchObject({ kind: 'success' });
    expect(await lastBodyOf(fetchSpy, 'POST /api/team/transfer-ownership')).toEqual({ userId: grace.userId });
  });

  it('lists the pending invitations with their role, inviter and expiry; resends and revokes them', async () => {
    let invitations = [anInvitation];
    const { fetchSpy } = openTeam('owner', {
      'GET /api/team/invitations': () => json(200, { items: invitations }),
      'POST /api/team/invitations/inv-1/resend': () => json(200, anInvitation),
      'DELETE /api/team/invitations/inv-1': () => {
        invitations = [];
        return new Response(null, { status: 204 });
      },
    });

    const row = await screen.findByTestId('team-invitation');
    expect(within(row).getByTestId('team-invitation-email')).toHaveTextContent('marie@example.com');
    expect(within(row).getByTestId('team-invitation-role')).toHaveTextContent('Agent');
    expect(within(row).getByTestId('team-invitation-meta')).toHaveTextContent(
      'Invited by Ada Lovelace · link valid until Jun 17, 2024',
    );

    await userEvent.click(within(row).getByTestId('team-invitation-resend'));
    expect(
      await findToast('A new link was sent to marie@example.com. The old link no longer works.'),
    ).toMatchObject({ kind: 'success' });
    expect(requestsTo(fetchSpy, 'POST /api/team/invitations/inv-1/resend')).toHaveLength(1);

    await userEvent.click(within(row).getByTestId('team-invitation-revoke'));
    await userEvent.click(await screen.findByTestId('team-revoke-confirm'));
    expect(await screen.findByTestId('team-invitations-empty')).toHaveTextContent('No pending invitations');
  });

  it('invites by email with a role', async () => {
    const { fetchSpy } = openTeam('owner', {
      'POST /api/team/invitations': () =>
        json(201, { ...anInvitation, email: 'rosalind@example.com', role: 'admin' }),
    });
    await screen.findByTestId('team-invite-card');

    await userEvent.type(screen.getByTestId('team-invite-email'), ' rosalind@example.com ');
    await chooseOption(screen.getByTestId('team-invite-role'), 'Admin');
    await userEvent.click(screen.getByTestId('team-invite-submit'));

    expect(await findToast('An invitation was sent to rosalind@example.com.')).toMatchObject({
      kind: 'success',
    });
    expect(await lastBodyOf(fetchSpy, 'POST /api/team/invitations')).toEqual({
      email: 'rosalind@example.com',
      role: 'admin',
    });
    expect(screen.getByTestId('team-invite-email')).toHaveValue('');
  });

  it.each([
    ['a member', 'grace@example.com', 'This person is already a member of the workspace.'],
    [
      'a pending invitation',
      'Marie@example.com',
      'This address already has a pending invitation: resend it instead.',
    ],
  ])('shows the 409 naming email under the field (%s)', async (_case, email, text) => {
    openTeam('owner', {
      'POST /api/team/invitations': () =>
        json(409, { code: 'CONFLICT', field: 'email', message: 'This email is already taken' }),
    });
    await screen.findAllByTestId('team-member');

    await userEvent.type(screen.getByTestId('team-invite-email'), email);
    await userEvent.click(screen.getByTestId('team-invite-submit'));

    const field = screen.getByTestId('team-invite-email').closest('.ant-form-item');
    expect(await within(field as HTMLElement).findByText(text)).toBeInTheDocument();
  });

  it('checks the email before asking the server', async () => {
    const { fetchSpy } = openTeam('owner');
    await screen.findByTestId('team-invite-card');

    await userEvent.type(screen.getByTestId('team-invite-email'), 'not-an-email');
    await userEvent.click(screen.getByTestId('team-invite-submit'));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'POST /api/team/invitations')).toHaveLength(0);
  });
});

describe('/team for an admin', () => {
  it('manages members and invitations but cannot transfer the ownership or change the owner', async () => {
    openTeam('admin', {
      'GET /api/auth/me': () => json(200, { ...aMember('admin'), id: grace.userId, name: grace.name }),
    });

    await screen.findAllByTestId('team-member');
    expect(screen.getByTestId('team-invite-card')).toBeInTheDocument();
    expect(await screen.findByTestId('team-invitation')).toBeInTheDocument();
    expect(screen.queryByTestId('team-member-transfer')).not.toBeInTheDocument();
    expect(within(memberRow(MEMBERS[0].userId)).getByTestId('team-member-role')).toHaveTextContent('Owner');
    expect(within(memberRow(MEMBERS[0].userId)).queryByTestId('team-member-remove')).not.toBeInTheDocument();
    // Themselves: a tag, no controls.
    expect(within(memberRow(grace.userId)).getByTestId('team-member-role')).toHaveTextContent('Admin');
    expect(within(memberRow(linus.userId)).getByTestId('team-member-remove')).toBeInTheDocument();
  });
});

describe('/team for an agent', () => {
  it('shows the members and their roles, read only, and never asks for the invitations', async () => {
    const { fetchSpy } = openTeam('agent');

    await screen.findAllByTestId('team-member');
    expect(screen.getByTestId('team-read-only')).toHaveTextContent(
      'Only the owner and admins can invite, change roles or remove members.',
    );
    expect(screen.queryByTestId('team-invite-card')).not.toBeInTheDocument();
    expect(screen.queryByTestId('team-invitations-card')).not.toBeInTheDocument();
    expect(screen.queryByTestId('team-member-role-select')).not.toBeInTheDocument();
    expect(screen.queryByTestId('team-member-remove')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('team-member-role').map((tag) => tag.textContent)).toEqual([
      'Owner',
      'Admin',
      'Agent',
    ]);
    expect(requestsTo(fetchSpy, 'GET /api/team/invitations')).toHaveLength(0);
  });
});
