import { render, screen } from '@testing-library/react';
import { LanguageProvider } from '../../../features/language';
import { DetachedAntdStyles } from '../../../test/render-app';
import { ErrorBoundary } from '../ErrorBoundary';

function BrokenPage(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary', () => {
  it('replaces a crashed screen with the error page of spec 001 §2', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <LanguageProvider>
        <ErrorBoundary>
          <BrokenPage />
        </ErrorBoundary>
      </LanguageProvider>,
      { wrapper: DetachedAntdStyles },
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('We encountered an unexpected error. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    render(
      <LanguageProvider>
        <ErrorBoundary>
          <p>Fine</p>
        </ErrorBoundary>
      </LanguageProvider>,
      { wrapper: DetachedAntdStyles },
    );

    expect(screen.getByText('Fine')).toBeInTheDocument();
  });
});
