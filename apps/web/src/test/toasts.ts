import { screen, within } from '@testing-library/react';

/**
 * The toast that says `description`, once it shows. Its `kind` is what antd styles it as: 'error' is the
 * destructive toast of spec 000 §8.
 */
export async function findToast(description: string) {
  const text = await screen.findByText(description, { selector: '.ant-notification-notice-description' });
  const notice = text.closest<HTMLElement>('.ant-notification-notice');
  if (!notice) throw new Error(`"${description}" is not inside a toast`);
  const kind = ['success', 'error', 'info', 'warning'].find((type) =>
    notice.classList.contains(`ant-notification-notice-${type}`),
  );
  return { notice, kind, hasTitle: (title: string) => within(notice).queryByText(title) !== null };
}
