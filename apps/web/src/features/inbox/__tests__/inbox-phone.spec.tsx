import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setViewportWidth } from '../../../test/viewport';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { janeServer, openInbox } from './fake-inbox';

const pane = () => screen.getByTestId('inbox-pane');

describe('/inbox on a phone (390 px): one pane at a time', () => {
  beforeEach(() => setViewportWidth(390));

  it('goes list → thread → contact and back again', async () => {
    openInbox(janeServer());

    await userEvent.click(await screen.findByTestId('conversation-item'));
    await waitFor(() => expect(pane()).toHaveAttribute('data-pane', 'thread'));
    expect(window.location.search).toBe('?customer=c-1');
    expect(screen.queryByTestId('conversation-list')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Inbox' })).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Contact details' }));
    expect(pane()).toHaveAttribute('data-pane', 'contact');
    expect(await screen.findByTestId('contact-form')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to the conversation' }));
    expect(pane()).toHaveAttribute('data-pane', 'thread');

    await userEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(pane()).toHaveAttribute('data-pane', 'list');
    expect(window.location.search).toBe('');
    expect(await screen.findByTestId('conversation-item')).toBeInTheDocument();
  });

  it('opens the linked conversation straight away', async () => {
    openInbox(janeServer(), '/inbox?customer=c-1');
    expect(await screen.findByTestId('thread')).toBeInTheDocument();
    expect(pane()).toHaveAttribute('data-pane', 'thread');
  });

  it('points the back arrow the way Arabic reads', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openInbox(janeServer(), '/inbox?customer=c-1');
    const back = await screen.findByRole('button', { name: 'العودة إلى المحادثات' });
    expect(within(back).getByRole('img', { hidden: true })).toHaveClass('anticon-arrow-right');
  });
});

describe('/inbox on a desktop (1280 px)', () => {
  beforeEach(() => setViewportWidth(1280));

  it('shows the list beside the thread, and asks to pick a conversation until one is', async () => {
    openInbox(janeServer());
    expect(await screen.findByTestId('inbox-no-selection')).toHaveTextContent('Pick a conversation');

    await userEvent.click(await screen.findByTestId('conversation-item'));

    expect(await screen.findByTestId('thread')).toBeInTheDocument();
    expect(screen.getByTestId('conversation-list')).toBeInTheDocument();
    expect(screen.getByTestId('conversation-item')).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('button', { name: 'Back to conversations' })).not.toBeInTheDocument();
  });
});
