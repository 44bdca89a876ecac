import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../app/browser';
import { type FakeRoutes, json, lastBodyOf, requestsTo } from '../../../test/fake-api';
import { aMember, WORKSPACE } from '../../../test/fixtures/team';
import { ada, renderSignedIn, renderSignedOut } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';

const TOKEN = 'b7Jx2kQ9';
const PATH = `/invitations/${TOKEN}`;

/** GET /api/invitations/{token} as docs/teams.md gives it. */
const preview = {
  workspaceName: WORKSPACE.name,
  invitedByName: 'Grace Hopper',
  email: 'ada@example.com',
  role: 'agent',
  expiresAt: '2024-06-17T09:00:00.000Z',
};

const previewRoute: FakeRoutes = { [`GET /api/invitations/${TOKEN}`]: () => json(200, preview) };
const joined = { user: ada, workspace: WORKSPACE, role: 'agent' };

describe('/invitations/:token', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    // jsdom cannot load a page: see where the app sends the browser instead.
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });

  describe('signed out', () => {
    it('names the workspace, who invited, the address and the role', async () => {
      renderSignedOut(PATH, previewRoute);

      expect(await screen.findByRole('heading', { name: 'Join Kestrel Coffee' })).toBeInTheDocument();
      expect(
        screen.getByText('Grace Hopper invited you to join Kestrel Coffee on Parley as Agent.'),
      ).toBeInTheDocument();
      expect(screen.getByTestId('invitation-workspace')).toHaveTextContent('Kestrel Coffee');
      expect(screen.getByTestId('invitation-inviter')).toHaveTextContent('Grace Hopper');
      expect(screen.getByTestId('invitation-email')).toHaveTextContent('ada@example.com');
      expect(screen.getByTestId('invitation-role')).toHaveTextContent('Agent');
      expect(screen.getByTestId('invitation-expires')).toHaveTextContent('Jun 17, 2024');
      expect(screen.getByTestId('invitation-login-link')).toHaveAttribute(
        'href',
        `/login?next=${encodeURIComponent(PATH)}`,
      );
    });

    it('creates the account with a name and a password and lands signed in', async () => {
      let signedIn = false;
      const { fetchSpy } = renderSignedOut(PATH, {
        ...previewRoute,
        'GET /api/auth/me': () =>
          signedIn ? json(200, aMember('agent')) : json(401, { message: 'Not signed in' }),
        [`POST /api/invitations/${TOKEN}/accept`]: () => {
          signedIn = true;
          return json(200, joined);
        },
      });

      await userEvent.type(await screen.findByTestId('invitation-name'), '  Ada Lovelace ');
      await userEvent.type(screen.getByTestId('invitation-password'), 'Mango-Tide-47!');
      await userEvent.type(screen.getByTestId('invitation-confirm'), 'Mango-Tide-47!');
      await userEvent.click(screen.getByTestId('invitation-submit'));

      expect(await findToast('Welcome to Kestrel Coffee!')).toMatchObject({ kind: 'success' });
      expect(await lastBodyOf(fetchSpy, `POST /api/invitations/${TOKEN}/accept`)).toEqual({
        name: 'Ada Lovelace',
        password: 'Mango-Tide-47!',
      });
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    });

    it('asks for a name and a password that holds the rules before calling the server', async () => {
      const { fetchSpy } = renderSignedOut(PATH, previewRoute);

      await userEvent.type(await screen.findByTestId('invitation-password'), 'short');
      expect(screen.getByTestId('invitation-submit')).toBeDisabled();
      await userEvent.click(screen.getByTestId('invitation-name'));
      await userEvent.tab();

      expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
      expect(requestsTo(fetchSpy, `POST /api/invitations/${TOKEN}/accept`)).toHaveLength(0);
    });

    it.each([
      ['expired', 'This invitation has expired', 'Invitation links are valid for 7 days.'],
      ['no longer valid', 'This invitation is no longer valid', 'It was already used, revoked'],
    ])('a link the server calls %s says so', async (reason, title, hint) => {
      renderSignedOut(PATH, {
        [`GET /api/invitations/${TOKEN}`]: () =>
          json(404, { code: 'NOT_FOUND', message: `This invitation is ${reason}` }),
      });

      expect(await screen.findByText(title)).toBeInTheDocument();
      expect(screen.getByText(hint, { exact: false })).toBeInTheDocument();
      expect(screen.queryByTestId('invitation-submit')).not.toBeInTheDocument();
    });

    it('a link that dies between opening and accepting says so', async () => {
      renderSignedOut(PATH, {
        ...previewRoute,
        [`POST /api/invitations/${TOKEN}/accept`]: () =>
          json(404, { code: 'NOT_FOUND', message: 'This invitation has expired' }),
      });

      await userEvent.type(await screen.findByTestId('invitation-name'), 'Ada');
      await userEvent.type(screen.getByTestId('invitation-password'), 'Mango-Tide-47!');
      await userEvent.type(screen.getByTestId('invitation-confirm'), 'Mango-Tide-47!');
      await userEvent.click(screen.getByTestId('invitation-submit'));

      expect(await screen.findByTestId('invitation-expired')).toHaveTextContent(
        'This invitation has expired',
      );
      expect(assign).not.toHaveBeenCalled();
    });
  });

  describe('signed in', () => {
    it('joins with one button and reloads into the workspace', async () => {
      const { fetchSpy } = renderSignedIn(PATH, ada, {
        ...previewRoute,
        [`POST /api/invitations/${TOKEN}/accept`]: () => json(200, joined),
      });

      await userEvent.click(await screen.findByTestId('invitation-join'));

      expect(await findToast('Welcome to Kestrel Coffee!')).toMatchObject({ kind: 'success' });
      expect(await lastBodyOf(fetchSpy, `POST /api/invitations/${TOKEN}/accept`)).toEqual({});
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
      // Until the reload the page says where it goes, and never shows the signed-out form.
      expect(screen.getByTestId('invitation-joined')).toHaveTextContent('Welcome to Kestrel Coffee!');
      expect(screen.queryByTestId('invitation-name')).not.toBeInTheDocument();
    });

    it('another account is told whose invitation it is and can sign out, back to the link', async () => {
      const { fetchSpy } = renderSignedIn(
        PATH,
        { ...ada, email: 'linus@example.com' },
        {
          ...previewRoute,
          'POST /api/auth/logout': () => json(200, { message: 'Logged out' }),
        },
      );

      expect(await screen.findByTestId('invitation-wrong-account')).toHaveTextContent(
        'It was sent to ada@example.com, but you are signed in as linus@example.com.',
      );
      expect(screen.queryByTestId('invitation-join')).not.toBeInTheDocument();

      await userEvent.click(screen.getByTestId('invitation-sign-out'));

      await waitFor(() => expect(assign).toHaveBeenCalledWith(PATH));
      expect(requestsTo(fetchSpy, 'POST /api/auth/logout')).toHaveLength(1);
      expect(requestsTo(fetchSpy, `POST /api/invitations/${TOKEN}/accept`)).toHaveLength(0);
    });

    it("the server's 403 for another account shows the same explanation", async () => {
      renderSignedIn(
        PATH,
        { ...ada, email: 'ADA@example.com' },
        {
          ...previewRoute,
          [`POST /api/invitations/${TOKEN}/accept`]: () =>
            json(403, { code: 'FORBIDDEN', message: 'This invitation is for ada@example.com' }),
        },
      );

      await userEvent.click(await screen.findByTestId('invitation-join'));

      expect(await screen.findByTestId('invitation-wrong-account')).toHaveTextContent(
        'This invitation is for another account',
      );
    });

    it('an account that owns a workspace with data is told why it cannot join, and what to do', async () => {
      renderSignedIn(PATH, ada, {
        ...previewRoute,
        [`POST /api/invitations/${TOKEN}/accept`]: () =>
          json(409, {
            code: 'CONFLICT',
            field: 'account',
            message: 'This account owns a workspace with data',
          }),
      });

      await userEvent.click(await screen.findByTestId('invitation-join'));

      const notice = await screen.findByTestId('invitation-owns-workspace');
      expect(notice).toHaveTextContent('Your account already owns a workspace');
      expect(notice).toHaveTextContent('Transfer your workspace to an admin first');
      // Another press could only be refused again.
      expect(screen.queryByTestId('invitation-join')).not.toBeInTheDocument();
      expect(assign).not.toHaveBeenCalled();
    });
  });
});

describe('/login?next=', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });

  it.each([
    [PATH, PATH],
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
  ])('after signing in goes to %s → %s', async (next, target) => {
    renderSignedOut(`/login?next=${encodeURIComponent(next)}`, {
      'POST /api/auth/login': () => json(200, { message: 'Logged in successfully' }),
    });

    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Mango-Tide-47!');
    await userEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(target));
  });
});
