/** Where a customer's conversation opens: the inbox with it selected; `reply` puts the cursor in the reply box. */
export function inboxPath(customerId: string, { reply = false }: { reply?: boolean } = {}): string {
  const params = new URLSearchParams({ customer: customerId });
  if (reply) params.set('reply', '1');
  return `/inbox?${params.toString()}`;
}
