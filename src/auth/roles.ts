export const ROLES = ['user', 'curator', 'analyst', 'admin', 'service'] as const;
export type Role = (typeof ROLES)[number];

/** Who may do what (docs/API.md, "Authentication and permissions"). */
export const CURATORS: Role[] = ['curator', 'admin'];
export const ANALYSTS: Role[] = ['analyst', 'admin'];
export const ADMINS: Role[] = ['admin'];
