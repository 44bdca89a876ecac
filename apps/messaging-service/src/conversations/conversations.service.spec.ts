import { AI_PAUSE_MS } from '@parley/contracts';
import { conversationChanges } from './conversations.service';

describe('conversationChanges', () => {
  it('pauses the AI for AI_PAUSE_MS, and resumes it with a pause of none', () => {
    expect(conversationChanges({ aiPaused: true })).toEqual({ pauseMs: AI_PAUSE_MS });
    expect(conversationChanges({ aiPaused: false })).toEqual({ pauseMs: null });
  });

  it('leaves alone what the change does not name', () => {
    expect(conversationChanges({ closed: true, read: true })).toEqual({ closed: true, read: true });
    expect(conversationChanges({ closed: false })).toEqual({ closed: false });
  });
});
