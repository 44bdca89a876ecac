import { createContext, useContext } from 'react';
import type { CurrentUser } from './api';

export interface AuthContextValue {
  /** Null when signed out. */
  user: CurrentUser | null;
  /** Ends the session and reloads the app at '/'. */
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
