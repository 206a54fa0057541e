import type { FileError } from '../errors/file-error.js';
import type { ComponentSchema, ContentType } from './content-type.js';
import type { UploadFileType } from './upload-file-type.js';

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
  /** What loaded with a part left out (an attribute of a kind cms does not know), at its file and line. */
  readonly warnings: readonly FileError[];
}

export function findContentTypeByRoute(registry: SchemaRegistry, name: string): ContentType | undefined {
  return registry.byRouteName.get(name);
}

/** The name a type is addressed by, in routes and content paths. */
export function routeName(type: ContentType): string {
  return type.kind === 'singleType' ? type.singularName : type.pluralName;
}
