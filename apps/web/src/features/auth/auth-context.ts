import type { CurrentUserResponse } from '@parley/contracts';
import { createContext, useContext } from 'react';

export interface AuthContextValue {
  /** Null when signed out. */
  user: CurrentUserResponse | null;
  /** Ends the session and reloads the app at '/'. */
  logout: () => Promise<void>;
  /** After a successful sign-in: refreshes the current user and reloads the app at '/' 100 ms later. */
  enterApp: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
