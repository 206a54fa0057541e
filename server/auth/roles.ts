import type { CmsConfig } from '../config/cms-config.js';

/** A users-permissions role as Strapi's role routes show it (cms has no role rows, so no documentId or dates). */
export interface Role {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  /** The role's key: `public`, `authenticated`, or a key of cms.config.json `permissions`. */
  readonly type: string;
}

// Strapi creates these two first, in this order, with these words; their ids follow.
const BUILT_IN: readonly Role[] = [
  { id: 1, name: 'Authenticated', description: 'Default role given to authenticated user.', type: 'authenticated' },
  { id: 2, name: 'Public', description: 'Default role given to unauthenticated user.', type: 'public' },
];

/**
 * The roles: Strapi's two built-in ones, then every other key of `permissions` in the file's
 * order, numbered from 3 (so a role's id stays put while keys are only added at the end).
 */
export function listRoles(config: CmsConfig): Role[] {
  const others = Object.keys(config.permissions).filter((key) => !BUILT_IN.some((role) => role.type === key));
  return [...BUILT_IN, ...others.map((key, i) => ({ id: i + 3, name: key, description: '', type: key }))];
}

export function findRoleById(config: CmsConfig, id: number): Role | undefined {
  return listRoles(config).find((role) => role.id === id);
}

export function findRoleByType(config: CmsConfig, type: string): Role | undefined {
  return listRoles(config).find((role) => role.type === type);
}
