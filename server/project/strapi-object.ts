import type { CmsConfig } from '../config/cms-config.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { ContentType } from '../schema/content-type.js';
import type { DocumentMiddleware } from './document-service.js';
import type { LifecycleSubscriber } from './lifecycles.js';

export interface ProjectLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** What the `strapi` object is built from; services and controllers are looked up as the app has them. */
export interface StrapiParts {
  readonly config: CmsConfig;
  readonly registry: () => SchemaRegistry;
  readonly log: ProjectLogger;
  readonly documents: (uid: string) => unknown;
  readonly documentMiddlewares: DocumentMiddleware[];
  readonly subscribers: LifecycleSubscriber[];
  readonly service: (uid: string) => unknown;
  readonly controller: (uid: string) => unknown;
}

/** A content type as `strapi.contentType(uid)` shows it: Strapi's keys, attributes in cms's parsed form. */
export function describeContentType(type: ContentType): Record<string, unknown> {
  return {
    uid: type.uid,
    modelType: 'contentType',
    kind: type.kind,
    info: { singularName: type.singularName, pluralName: type.pluralName, displayName: type.displayName },
    options: { draftAndPublish: type.draftAndPublish },
    pluginOptions: { i18n: { localized: type.localized } },
    attributes: Object.fromEntries(type.attributes),
  };
}

/** The `strapi` object handed to project code: the part of Strapi's API that cms implements (see README). */
export function createStrapiObject(parts: StrapiParts): Record<string, unknown> {
  const documents = Object.assign((uid: string) => parts.documents(uid), {
    use(middleware: DocumentMiddleware) {
      if (typeof middleware !== 'function') throw new TypeError('strapi.documents.use expects a function (context, next) => …');
      parts.documentMiddlewares.push(middleware);
      return documents;
    },
  });
  // Read when asked: an edit of config/api.* changes `rest` while the server runs.
  const config = () => ({ api: { rest: { ...parts.config.rest } }, server: { ...parts.config.server } });
  return {
    documents,
    service: parts.service,
    controller: parts.controller,
    contentType(uid: string) {
      const type = parts.registry().contentTypes.get(uid);
      return type === undefined ? undefined : describeContentType(type);
    },
    get contentTypes() {
      return Object.fromEntries([...parts.registry().contentTypes.values()].map((type) => [type.uid, describeContentType(type)]));
    },
    get components() {
      return Object.fromEntries(
        [...parts.registry().components.values()].map((c) => [
          c.uid,
          { uid: c.uid, modelType: 'component', category: c.category, info: { displayName: c.displayName }, attributes: Object.fromEntries(c.attributes) },
        ]),
      );
    },
    log: {
      info: (message: string) => parts.log.info(message),
      warn: (message: string) => parts.log.warn(message),
      error: (message: string, error?: unknown) => parts.log.error(message, error),
      debug: () => undefined,
    },
    config: {
      get(key: string, fallback?: unknown) {
        let value: unknown = config();
        for (const part of key.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
        return value === undefined ? fallback : value;
      },
    },
    db: {
      lifecycles: {
        subscribe(subscriber: LifecycleSubscriber) {
          if (subscriber === null || typeof subscriber !== 'object') throw new TypeError('strapi.db.lifecycles.subscribe expects an object');
          parts.subscribers.push(subscriber);
        },
      },
    },
  };
}
