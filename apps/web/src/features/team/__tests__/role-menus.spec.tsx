import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../test/fake-api';
import { aProduct } from '../../../test/fixtures/products';
import { aDocument, aKnowledgeItem } from '../../../test/fixtures/training';
import { aMember, WORKSPACE } from '../../../test/fixtures/team';
import { ada, renderSignedIn } from '../../../test/render-app';
import type { TeamRole } from '../team-types';

async function sidebarLinks(role: TeamRole): Promise<string[]> {
  renderSignedIn('/', aMember(role));
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('menus by role (docs/teams.md, "Roles")', () => {
  it('the owner and an admin see every sidebar entry', async () => {
    const all = [
      'Dashboard',
      'Inbox',
      'Messages',
      'Customers',
      'Pipeline',
      'Reports',
      'Products',
      'Email Marketing',
      'AI Training',
      'Social Media',
      'Integrations',
      'AI Config',
      'Team',
    ];
    expect(await sidebarLinks('owner')).toEqual(all);
  });

  it('an agent does not see Reports, AI Config, Integrations, Social Media or Email Marketing', async () => {
    expect(await sidebarLinks('agent')).toEqual([
      'Dashboard',
      'Inbox',
      'Messages',
      'Customers',
      'Pipeline',
      'Products',
      'AI Training',
      'Team',
    ]);
  });

  it.each<[TeamRole, boolean]>([
    ['owner', true],
    ['admin', false],
    ['agent', false],
  ])('the %s sees the plans and billing links: %s', async (role, shown) => {
    renderSignedIn('/messages', aMember(role));
    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).queryByTestId('user-menu-billing') !== null).toBe(shown);
    expect(within(sidebar).queryByTestId('user-menu-plans') !== null).toBe(shown);
  });

  it.each([
    ['agent', '/ai-config'],
    ['agent', '/social-integrations'],
    ['agent', '/email-marketing'],
    ['agent', '/business-setup'],
    ['agent', '/reports'],
    ['admin', '/billing'],
    ['admin', '/pricing'],
  ] as const)('an %s opening %s is told the role has no access', async (role, path) => {
    renderSignedIn(path, aMember(role));
    expect(await screen.findByTestId('no-access')).toHaveTextContent('Not available for your role');
  });

  it("shows the workspace's name and the member's role under their name", async () => {
    renderSignedIn('/messages', aMember('agent'));
    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByTestId('user-menu-name')).toHaveTextContent('Ada Lovelace');
    expect(within(sidebar).getByTestId('user-menu-workspace')).toHaveTextContent(`${WORKSPACE.name} · Agent`);
  });

  it('a server from before teams: the only account is the owner', async () => {
    renderSignedIn('/messages', ada);
    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByTestId('user-menu-workspace')).toHaveTextContent('Owner');
    expect(within(sidebar).getByTestId('user-menu-billing')).toBeInTheDocument();
  });
});

describe('buttons by role', () => {
  const product = aProduct();
  const routes = {
    'GET /api/products': () => json(200, [product]),
    'GET /api/products/categories': () => json(200, [product.category]),
    'GET /api/ai/training-documents': () => json(200, [aDocument()]),
    'GET /api/ai/knowledge': () => json(200, [aKnowledgeItem()]),
  };

  it.each<[TeamRole, boolean]>([
    ['admin', true],
    ['agent', false],
  ])('products: the %s may change the catalogue: %s', async (role, shown) => {
    renderSignedIn('/products', aMember(role), routes);
    expect(await screen.findAllByTestId('product-name-cell')).not.toHaveLength(0);
    expect(screen.queryByTestId('products-add-open') !== null).toBe(shown);
    expect(screen.queryByTestId('products-upload-open') !== null).toBe(shown);
    expect(screen.queryAllByTestId('product-edit').length > 0).toBe(shown);
    expect(screen.queryAllByTestId('product-delete').length > 0).toBe(shown);
  });

  it.each<[TeamRole, boolean]>([
    ['admin', true],
    ['agent', false],
  ])('AI training: the %s may change the knowledge and documents: %s', async (role, shown) => {
    renderSignedIn('/ai-training', aMember(role), routes);
    expect(await screen.findByTestId('document-row')).toBeInTheDocument();
    expect(screen.queryByTestId('training-upload-open') !== null).toBe(shown);
    expect(screen.queryByTestId('document-delete') !== null).toBe(shown);

    await userEvent.click(screen.getByRole('tab', { name: 'Knowledge Base' }));
    expect(await screen.findByTestId('knowledge-item-state')).toBeInTheDocument();
    expect(screen.queryByTestId('knowledge-add-open') !== null).toBe(shown);
    expect(screen.queryByTestId('knowledge-item-edit') !== null).toBe(shown);
    expect(screen.queryByTestId('knowledge-item-active') !== null).toBe(shown);
  });
});
