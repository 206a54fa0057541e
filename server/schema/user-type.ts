import type { Attribute, ScalarType } from './attribute.js';
import type { ContentType } from './content-type.js';
import { scalarColumn } from './scalar-column.js';

export const USER_UID = 'plugin::users-permissions.user';

/**
 * Strapi's user columns that an answer shows and `GET /api/users` may filter and sort on, in its
 * schema's order. The private ones (password, reset and confirmation tokens) are left out, so a
 * query naming them is an `Invalid key`, as in Strapi; so is `role`, which cms keeps as a role
 * name rather than a relation.
 */
const USER_COLUMNS: ReadonlyArray<readonly [name: string, type: ScalarType]> = [
  ['username', 'string'],
  ['email', 'email'],
  ['provider', 'string'],
  ['confirmed', 'boolean'],
  ['blocked', 'boolean'],
];

/** `plugin::users-permissions.user` as a content type: what users are entries of for filters and sort. */
export function createUserType(): ContentType {
  const attributes = new Map<string, Attribute>();
  for (const [name, type] of USER_COLUMNS) attributes.set(name, scalarColumn(type));
  return {
    uid: USER_UID,
    kind: 'collectionType',
    singularName: 'user',
    pluralName: 'users',
    displayName: 'User',
    draftAndPublish: false,
    localized: false,
    // Built in: no schema file.
    file: '',
    attributes,
    queryAttributes: attributes,
    outputScalars: USER_COLUMNS.map(([name]) => name),
  };
}
