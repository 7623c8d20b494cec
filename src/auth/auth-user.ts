import type { Role } from './roles';

/** The authenticated caller, from a verified token: `sub` is the user id. */
export interface AuthUser {
  id: string;
  roles: Role[];
}
