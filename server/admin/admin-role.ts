/** The editor's roles, as Strapi names them. */
export const ADMIN_ROLES = ['super-admin', 'editor', 'author'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** Strapi's display names of the roles. */
export const ADMIN_ROLE_NAMES: Readonly<Record<AdminRole, string>> = {
  'super-admin': 'Super Admin',
  editor: 'Editor',
  author: 'Author',
};
