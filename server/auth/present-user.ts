import type { CmsConfig } from '../config/cms-config.js';
import { findRoleByType } from './roles.js';
import { type StoredUser, toPublicUser } from './stored-user.js';

export interface UserShape {
  /** Columns to keep besides id and documentId; undefined = all. */
  readonly fields?: readonly string[] | undefined;
  /** Add the role, as Strapi does where it populates it (create, update, `populate=role`). */
  readonly withRole?: boolean;
}

/** A user as the user routes answer it: the public fields (toPublicUser), narrowed by `fields`, with the role when asked. */
export function presentUser(user: StoredUser, config: CmsConfig, shape: UserShape = {}): Record<string, unknown> {
  const full = toPublicUser(user);
  const { fields } = shape;
  const out =
    fields === undefined ? full : Object.fromEntries(Object.entries(full).filter(([key]) => key === 'id' || key === 'documentId' || fields.includes(key)));
  if (shape.withRole) out['role'] = findRoleByType(config, user.role) ?? null;
  return out;
}
