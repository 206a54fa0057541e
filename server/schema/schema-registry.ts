import type { ComponentSchema, ContentType } from './content-type.js';

/** Every content type and component of a project, with the lookups routes and files need. */
export interface SchemaRegistry {
  /** By uid (`api::article.article`). */
  readonly contentTypes: ReadonlyMap<string, ContentType>;
  /** By uid (`shared.seo`). */
  readonly components: ReadonlyMap<string, ComponentSchema>;
  /** By the name in `/api/<name>` and `content/<name>`: pluralName of collections, singularName of single types. */
  readonly byRouteName: ReadonlyMap<string, ContentType>;
}

export function findContentTypeByRoute(registry: SchemaRegistry, name: string): ContentType | undefined {
  return registry.byRouteName.get(name);
}

/** The name a type is addressed by, in routes and content paths. */
export function routeName(type: ContentType): string {
  return type.kind === 'singleType' ? type.singularName : type.pluralName;
}
