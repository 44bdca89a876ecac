import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@parley/contracts';
import { json, requestsTo } from '../../../test/fake-api';
import { aMember, grace, linus, MEMBERS } from '../../../test/fixtures/team';
import { renderSignedIn } from '../../../test/render-app';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import type { TeamRole } from '../team-types';

const sara = { userId: grace.userId, name: 'Sara' };

const aiConfig: AuditEntry = {
  id: '0a4f0c2e-7b1d-4c55-9e8a-1f2b3c4d5e01',
  at: '2026-12-07T10:05:00.000Z',
  actor: sara,
  action: 'ai_config.updated',
  subject: { type: 'ai_config', id: grace.userId },
  before: { responseStyle: 'professional', privateNotes: 'changed' },
  after: { responseStyle: 'friendly', privateNotes: 'changed' },
};

const stage: AuditEntry = {
  id: '0a4f0c2e-7b1d-4c55-9e8a-1f2b3c4d5e02',
  at: '2026-12-07T10:04:00.000Z',
  actor: { userId: linus.userId, name: 'Linus Pauling' },
  action: 'customer.stage_changed',
  subject: { type: 'customer', id: 'c1', label: 'Ana Lopez' },
  before: { stage: 'new' },
  after: { stage: 'qualified' },
};

const purchase: AuditEntry = {
  id: '0a4f0c2e-7b1d-4c55-9e8a-1f2b3c4d5e03',
  at: '2026-12-06T09:00:00.000Z',
  actor: { userId: null, name: null },
  action: 'plan.purchased',
  subject: { type: 'plan', id: 'pro', label: 'Pro' },
  before: { plan: 'Free' },
  after: { plan: 'Pro' },
};

function openTeam(role: TeamRole) {
  return renderSignedIn('/team', aMember(role), {
    'GET /api/team/members': () => json(200, { items: MEMBERS }),
    'GET /api/team/invitations': () => json(200, { items: [] }),
    'GET /api/audit': (request) =>
      new URL(request.url).searchParams.get('cursor') === 'page-2'
        ? json(200, { items: [purchase], nextCursor: null })
        : json(200, { items: [aiConfig, stage], nextCursor: 'page-2' }),
  });
}

/** The sentences as read, without the bidirectional isolates around the names. */
const sentences = () =>
  screen
    .getAllByTestId('team-activity-sentence')
    .map((element) => element.textContent?.replace(/[\u2068\u2069]/g, ''));

describe('the Activity card of /team', () => {
  afterEach(() => window.localStorage.clear());

  it('lists who changed what in words, the changed fields before → after, secrets only as changed', async () => {
    openTeam('owner');

    await screen.findAllByTestId('team-activity-entry');
    expect(sentences()).toEqual([
      'Sara changed the AI configuration',
      'Linus Pauling changed the stage of Ana Lopez',
    ]);
    const [first, second] = screen.getAllByTestId('team-activity-entry');
    expect(
      within(first)
        .getAllByTestId('team-activity-detail')
        .map((element) => element.textContent),
    ).toEqual(['Response style: Professional → Friendly', 'Private notes changed']);
    expect(within(second).getByTestId('team-activity-detail')).toHaveTextContent('Stage: New → Qualified');
  });

  it('pages with Load more, from the previous page’s cursor, until there is no next page', async () => {
    const { fetchSpy } = openTeam('admin');
    await screen.findAllByTestId('team-activity-entry');

    await userEvent.click(screen.getByTestId('team-activity-load-more'));

    expect(
      await screen.findByText(/The \u2068Pro\u2069 plan was bought \(confirmed by the payment provider\)/),
    ).toBeInTheDocument();
    expect(sentences()).toHaveLength(3);
    expect(screen.queryByTestId('team-activity-load-more')).not.toBeInTheDocument();
    const cursors = requestsTo(fetchSpy, 'GET /api/audit').map((request) =>
      new URL(request.url).searchParams.get('cursor'),
    );
    expect(cursors).toEqual([null, 'page-2']);
  });

  it('is not shown to agents, and never asked for', async () => {
    const { fetchSpy } = openTeam('agent');
    await screen.findAllByTestId('team-member');
    expect(screen.queryByTestId('team-activity-card')).not.toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'GET /api/audit')).toHaveLength(0);
  });

  it('reads right to left in Arabic, the arrow pointing the Arabic way', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openTeam('owner');

    await screen.findAllByTestId('team-activity-entry');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(sentences()[0]).toBe('غيّر Sara إعدادات الذكاء الاصطناعي');
    expect(screen.getAllByTestId('team-activity-detail')[0]).toHaveTextContent('أسلوب الرد: احترافي ← ودود');
  });
});
