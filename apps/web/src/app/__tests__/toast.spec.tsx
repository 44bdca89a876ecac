import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { LanguageProvider } from '../../features/language/LanguageProvider';
import { DetachedAntdStyles } from '../../test/render-app';
import { TOAST_CONFIG, useToast } from '../toast';

function Toasts() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success({ description: 'Customer updated successfully.' })}>first</button>
      <button onClick={() => toast.error({ description: 'Failed to update customer.' })}>second</button>
    </>
  );
}

function renderToasts() {
  render(
    <LanguageProvider>
      <AntApp notification={TOAST_CONFIG}>
        <Toasts />
      </AntApp>
    </LanguageProvider>,
    { wrapper: DetachedAntdStyles },
  );
}

describe('useToast', () => {
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time, titled Success or Error', async () => {
    renderToasts();

    await userEvent.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('Customer updated successfully.')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Failed to update customer.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Customer updated successfully.')).not.toBeInTheDocument());
  });

  it('closes a toast after 5 seconds', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderToasts();

    await user.click(screen.getByRole('button', { name: 'first' }));
    act(() => jest.advanceTimersByTime(4_900));
    expect(screen.getByText('Customer updated successfully.')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByText('Customer updated successfully.')).not.toBeInTheDocument();
  });
});
