import type { FileError } from '../errors/file-error.js';
import type { ComponentSchema, ContentType } from './content-type.js';
import type { UploadFileType } from './upload-file-type.js';
import { USER_UID } from './user-type.js';

/** Every content type and component of a project, with the lookups routes and files need. */
export interface SchemaRegistry {
  /** By uid (`api::article.article`). */
  readonly contentTypes: ReadonlyMap<string, ContentType>;
  /** By uid (`shared.seo`). */
  readonly components: ReadonlyMap<string, ComponentSchema>;
  /** By the name in `/api/<name>` and `content/<name>`: pluralName of collections, singularName of single types. */
  readonly byRouteName: ReadonlyMap<string, ContentType>;
  /** `plugin::upload.file`, the type of media records; not one of `contentTypes` (it has no route or files of its own). */
  readonly uploadFile: UploadFileType;
  /** `plugin::users-permissions.user`, the type of users/: a relation target, not one of `contentTypes` (its routes are users-permissions'). */
  readonly user: ContentType;
  /** What loaded with a part left out (an attribute of a kind cms does not know), at its file and line. */
  readonly warnings: readonly FileError[];
}

/** The type a relation attribute points at: one of the project's content types, or the built-in user type. */
export function findRelationTarget(registry: SchemaRegistry, uid: string): ContentType | undefined {
  return registry.contentTypes.get(uid) ?? (uid === USER_UID ? registry.user : undefined);
}

export function findContentTypeByRoute(registry: SchemaRegistry, name: string): ContentType | undefined {
  return registry.byRouteName.get(name);
}

/** The name a type is addressed by, in routes and content paths. */
export function routeName(type: ContentType): string {
  return type.kind === 'singleType' ? type.singularName : type.pluralName;
}
