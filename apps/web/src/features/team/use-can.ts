import { useCallback } from 'react';
import { useAuth } from '../auth';
import { can, type Permission, roleOf } from './permissions';

/** `can` for the signed-in member; nothing is allowed while signed out. */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useAuth();
  return useCallback((permission: Permission) => user !== null && can(roleOf(user), permission), [user]);
}
