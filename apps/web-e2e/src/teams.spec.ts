// A team in a browser (issue #33 point 7): the owner invites an agent from the Team page → the mail arrives →
// the agent joins from its link → a customer's message arrives in the agent's inbox live → the agent replies →
// the owner's thread and inbox list show "Replied by" the agent; the agent cannot open AI Config.
import { completeBusinessSetup, expect, signUpAndSignIn, test } from './fixtures';

const INVITATION_LINK = /http:\/\/127\.0\.0\.1:\d+\/invitations\/[\w-]+/;

test('owner invites an agent, who joins, answers a customer, and is named in the owner’s thread', async ({
  page,
  browser,
  mailbox,
}) => {
  await signUpAndSignIn(page, mailbox, 'team');
  await completeBusinessSetup(page);
  const origin = new URL(page.url()).origin;
  const agentEmail = `sara-${Date.now()}@olive.example`;

  await page.goto('/team');
  await page.getByTestId('team-invite-email').fill(agentEmail);
  await page.getByTestId('team-invite-submit').click();
  await expect(page.getByTestId('team-invitation').filter({ hasText: agentEmail })).toBeVisible();

  // The agent, in a browser of their own, opens the mail's link and creates their account.
  const agentContext = await browser.newContext({ baseURL: origin });
  await agentContext.addInitScript({ content: "localStorage.setItem('parley.welcomeSeen', 'true')" });
  const agent = await agentContext.newPage();
  await agent.goto(await mailbox.linkFor(agentEmail, INVITATION_LINK));
  await expect(agent.getByTestId('invitation-workspace')).toHaveText('Olive & Thread');
  await agent.getByTestId('invitation-name').fill('Sara Lopes');
  await agent.getByTestId('invitation-password').fill('Tq8#vLw2!xZ');
  await agent.getByTestId('invitation-confirm').fill('Tq8#vLw2!xZ');
  await agent.getByTestId('invitation-submit').click();
  await expect(agent.getByTestId('user-menu-name')).toHaveText('Sara Lopes');

  // A customer writes; the agent's inbox shows it without a reload, and the agent answers.
  await agent.goto('/inbox');
  await expect(agent.getByTestId('inbox-empty')).toBeVisible();
  const sent = await page.request.post('/api/simulate-message', {
    headers: { origin },
    data: {
      platform: 'instagram',
      senderName: 'Rui Pinto',
      platformUsername: 'rui.p',
      content: 'Can I change the size of my order to a large?',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const item = agent.getByTestId('conversation-item').filter({ hasText: 'Rui Pinto' });
  await expect(item).toBeVisible();
  await item.click();
  await agent.getByTestId('thread-reply-input').fill('Hi Rui, done: your order is now a large.');
  await agent.getByTestId('thread-reply-send').click();

  // The owner's thread names who replied.
  const { customerId } = (await sent.json()) as { customerId: string };
  await page.goto(`/inbox?customer=${customerId}`);
  await expect(page.getByTestId('thread-message-author')).toContainText('Sara Lopes');
  // And so does the list: the newest message is Sara's, not the owner's "You:".
  await expect(
    page.getByTestId('conversation-item').filter({ hasText: 'Rui Pinto' }).getByTestId('conversation-from'),
  ).toContainText('Sara Lopes');

  // The agent has no AI Config: not in the menu, and the page says so.
  await expect(agent.getByRole('navigation', { name: 'Main navigation' }).getByText('AI Config')).toHaveCount(
    0,
  );
  await agent.goto('/ai-config');
  await expect(agent.getByTestId('no-access')).toBeVisible();
  await agentContext.close();
});
