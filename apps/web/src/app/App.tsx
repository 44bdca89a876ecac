import { App as AntApp } from 'antd';
import { Provider as ReduxProvider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../shared/components/ErrorBoundary';
import { AuthProvider } from '../features/auth/AuthProvider';
import { LanguageProvider } from '../features/language/LanguageProvider';
import { AppRoutes } from './AppRoutes';
import type { AppStore } from './store';
import { TOAST_CONFIG } from './toast';

export function App({ store }: { store: AppStore }) {
  return (
    <ReduxProvider store={store}>
      <LanguageProvider>
        <AntApp notification={TOAST_CONFIG}>
          <ErrorBoundary>
            <BrowserRouter>
              <AuthProvider>
                <AppRoutes />
              </AuthProvider>
            </BrowserRouter>
          </ErrorBoundary>
        </AntApp>
      </LanguageProvider>
    </ReduxProvider>
  );
}
