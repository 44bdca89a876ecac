import type { CurrentUserResponse } from '@parley/contracts';
import { createContext, useContext } from 'react';

export interface AuthContextValue {
  /** Null when signed out. */
  user: CurrentUserResponse | null;
  /** Ends the session and reloads the app at `path` ('/' unless an app path is given). */
  logout: (path?: string) => Promise<void>;
  /**
   * After a successful sign-in: refreshes the current user and reloads the app at `path` ('/' unless an app
   * path is given) 100 ms later.
   */
  enterApp: (path?: string) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
