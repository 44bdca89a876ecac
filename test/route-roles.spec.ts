import type { Type } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { type Role, ROLES } from '@parley/contracts';
import { PUBLIC, RolesGuard, ruleOf } from '../apps/gateway/src/auth/roles';
import { SessionGuard } from '../apps/gateway/src/auth/session.guard';
import { gatewayRoutes } from './gateway-routes';

/**
 * Every gateway route × role (docs/teams.md, "Roles"), read from Nest's metadata like the hostile-inputs
 * walk: a route that declares nothing fails here until it says who may call it (`@Roles(...)` or
 * `@Public()`), and the table below says what each role may do. A route with roles must have the session
 * guard run before the roles guard (else the guard would see no actor).
 */
type Who = 'public' | readonly Role[];
const ANY: Who = ['owner', 'admin', 'agent'];
const MANAGERS: Who = ['owner', 'admin'];
const OWNER: Who = ['owner'];

const TABLE: Record<string, Who> = {
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/health/:component': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/verify-email': 'public',
  'POST /api/auth/resend-verification': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/simulate-message': ANY,
  'GET /api/messages': ANY,
  'POST /api/messages/reply': ANY,
  'POST /api/messages/send': ANY,
  'GET /api/conversations': ANY,
  'GET /api/conversations/:customerId': ANY,
  'PATCH /api/conversations/:customerId': ANY,
  'GET /api/conversations/:customerId/templates': ANY,
  'POST /api/conversations/:customerId/template': ANY,
  'GET /api/customers': ANY,
  'GET /api/customers/:id': ANY,
  'POST /api/customers': ANY,
  'PUT /api/customers/:id': ANY,
  'PATCH /api/customers/:id': ANY,
  'GET /api/pipeline': ANY,
  'GET /api/customers/:id/leads': ANY,
  'GET /api/customers/:id/stage-history': ANY,
  'POST /api/customers/:id/stage-history/:changeId/undo': ANY,
  'GET /api/stage-suggestions': ANY,
  'POST /api/customers/:id/stage-suggestion/accept': ANY,
  'DELETE /api/customers/:id/stage-suggestion': ANY,
  'GET /api/ai-config': ANY,
  'PUT /api/ai-config': MANAGERS,
  'POST /api/ai/test-agent': ANY,
  'POST /api/ai/replays': MANAGERS,
  'GET /api/ai/replays/:id': MANAGERS,
  'GET /api/ai/test-cases': MANAGERS,
  'POST /api/ai/test-cases': MANAGERS,
  'DELETE /api/ai/test-cases/:id': MANAGERS,
  'GET /api/ai/knowledge': ANY,
  'GET /api/ai/knowledge/conflicts': ANY,
  'POST /api/ai/knowledge': MANAGERS,
  'PATCH /api/ai/knowledge/:id': MANAGERS,
  'DELETE /api/ai/knowledge/:id': MANAGERS,
  'GET /api/stats': ANY,
  'DELETE /api/test-data': MANAGERS,
  'GET /api/reports/overview': MANAGERS,
  'GET /api/reports/timeseries': MANAGERS,
  'GET /api/reports/funnel': MANAGERS,
  'GET /api/reports/channels': MANAGERS,
  'GET /api/reports/export.csv': MANAGERS,
  'GET /api/usage': ANY,
  'GET /api/packages': OWNER,
  'GET /api/plans': OWNER,
  'POST /api/billing/free': OWNER,
  'GET /api/billing': OWNER,
  'GET /api/products': ANY,
  'GET /api/products/categories': ANY,
  'POST /api/products': MANAGERS,
  'PATCH /api/products/:id': MANAGERS,
  'DELETE /api/products/:id': MANAGERS,
  'POST /api/products/upload': MANAGERS,
  'POST /api/email/subscribers/import': MANAGERS,
  'GET /api/ai/training-documents': ANY,
  'POST /api/ai/upload-document': MANAGERS,
  'DELETE /api/ai/training-documents/:id': MANAGERS,
  'GET /api/auth/:platform/connect': MANAGERS,
  'GET /api/auth/:platform/callback': 'public',
  'GET /api/social-integrations': ANY,
  'GET /api/social-media/integrations': ANY,
  'DELETE /api/social-integrations/:platform': MANAGERS,
  'GET /api/team/members': ANY,
  'PATCH /api/team/members/:userId': MANAGERS,
  'DELETE /api/team/members/:userId': MANAGERS,
  'POST /api/team/transfer-ownership': OWNER,
  'GET /api/team/invitations': MANAGERS,
  'POST /api/team/invitations': MANAGERS,
  'POST /api/team/invitations/:id/resend': MANAGERS,
  'DELETE /api/team/invitations/:id': MANAGERS,
  'GET /api/invitations/:token': 'public',
  'POST /api/invitations/:token/accept': 'public',
};

const routes = gatewayRoutes();
const reflector = new Reflector();

/** Every email route is for owners and admins (email sending is not an agent's). */
function expected(name: string): Who | undefined {
  if (TABLE[name]) return TABLE[name];
  if (name.includes(' /api/email/')) return MANAGERS;
  return undefined;
}

describe('who may call every gateway route', () => {
  it.each(routes.map((r) => [r.name, r]))('%s declares who may call it, as the table says', (_, route) => {
    const rule = ruleOf(reflector, route.handler);
    expect(rule).toBeDefined();
    const want = expected(route.name);
    expect({ route: route.name, in_table: want !== undefined }).toEqual({ route: route.name, in_table: true });
    expect(rule === PUBLIC ? 'public' : [...(rule as Role[])].sort()).toEqual(
      want === 'public' ? 'public' : [...(want as Role[])].sort(),
    );
  });

  it.each(routes.map((r) => [r.name, r]))('%s runs the session guard before the roles guard', (_, route) => {
    const rule = ruleOf(reflector, route.handler);
    if (rule === PUBLIC) return;
    const guards = [
      ...((Reflect.getMetadata(GUARDS_METADATA, route.controller) as Type[] | undefined) ?? []),
      ...((Reflect.getMetadata(GUARDS_METADATA, route.handler) as Type[] | undefined) ?? []),
    ];
    const session = guards.indexOf(SessionGuard);
    expect(session).toBeGreaterThanOrEqual(0);
    expect(guards.indexOf(RolesGuard)).toBeGreaterThan(session);
  });

  it('names each role in the table', () => {
    const roles = new Set(Object.values(TABLE).flatMap((who) => (who === 'public' ? [] : who)));
    expect([...roles].sort()).toEqual([...ROLES].sort());
  });
});
