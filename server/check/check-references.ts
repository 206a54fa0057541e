import { isPlainObject } from '../config/is-plain-object.js';
import { isMorphLink } from '../store/morph-value.js';
import type { AttributeSet } from '../schema/content-type.js';
import { type SchemaRegistry, findRelationTarget } from '../schema/schema-registry.js';
import { isMediaPath } from '../store/read-media.js';
import type { KnownDocuments } from './check-file-layout.js';
import type { CheckRule } from './check-problem.js';

export interface ReferenceContext {
  readonly registry: SchemaRegistry;
  readonly known: KnownDocuments;
  /** Paths relative to uploads/ of every media file. */
  readonly media: ReadonlySet<string>;
  readonly defaultLocale: string;
}

export interface ReferenceProblem {
  /** Attribute path with array indices (`['blocks', '0', 'author']`). */
  readonly path: string[];
  readonly rule: CheckRule;
  readonly message: string;
}

/**
 * Relations and media of one document version, through its components and dynamic zones: every
 * documentId must name a document of the target type in the locale it is read in, and every media
 * path a file under uploads/. Values of the wrong shape are left to the shape check.
 */
export function checkReferences(
  context: ReferenceContext,
  set: AttributeSet,
  data: Readonly<Record<string, unknown>>,
  locale: string | null,
): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  walk({ context, locale, problems }, { set, data, prefix: [], localized: undefined });
  return problems;
}

/** What stays the same through one document's walk. */
interface ReferenceWalk {
  readonly context: ReferenceContext;
  readonly locale: string | null;
  readonly problems: ReferenceProblem[];
}

/** Where the walk is: an attribute set, its values and their path. */
interface WalkPlace {
  readonly set: AttributeSet;
  readonly data: Readonly<Record<string, unknown>>;
  readonly prefix: string[];
  /** Whether the top-level attribute holding a component is localized (undefined at the top level). */
  readonly localized: boolean | undefined;
}

function walk(run: ReferenceWalk, place: WalkPlace): void {
  const { context, locale, problems } = run;
  const { set, data, prefix, localized } = place;
  for (const [name, attribute] of set.attributes) {
    const value = data[name];
    if (value === null || value === undefined) continue;
    const path = [...prefix, name];
    const perLocale = localized ?? attribute.localized;
    switch (attribute.kind) {
      case 'relation': {
        if (attribute.mappedBy !== undefined) break;
        const target = findRelationTarget(context.registry, attribute.target);
        // Single types have derived documentIds: nothing to compare a hand-written one with.
        if (target === undefined || target.kind === 'singleType') break;
        const targetLocale = target.localized ? (locale ?? context.defaultLocale) : '';
        const ids = context.known.get(target.uid);
        eachItem(value, attribute.toMany, path, (id, at) => {
          if (typeof id !== 'string') return;
          const locales = ids?.get(id);
          if (locales === undefined) {
            problems.push({ path: at, rule: 'dangling-relation', message: `relation to ${target.pluralName}/${id}, which does not exist` });
          } else if (perLocale && !locales.has(targetLocale)) {
            // Shared attributes (i18n localized: false) hold the same ids in every locale, as writes
            // keep them: a locale that lacks the target just shows no link. Localized ones were
            // written in this locale, so the target must exist in it.
            problems.push({ path: at, rule: 'dangling-relation', message: `relation to ${target.pluralName}/${id}, which has no "${targetLocale}" version` });
          }
        });
        break;
      }
      case 'morph':
        // A morphTo link must name a content type and one of its documents (in any locale).
        if (attribute.target !== undefined) break;
        eachItem(value, attribute.toMany, path, (item, at) => {
          if (!isMorphLink(item)) return;
          const target = context.registry.contentTypes.get(item.__type);
          if (target === undefined) {
            problems.push({ path: at, rule: 'dangling-relation', message: `morph relation to ${item.__type}, which is not a content type of this project` });
          } else if (target.kind === 'collectionType' && context.known.get(target.uid)?.get(item.documentId) === undefined) {
            problems.push({ path: at, rule: 'dangling-relation', message: `morph relation to ${target.pluralName}/${item.documentId}, which does not exist` });
          }
        });
        break;
      case 'media':
        eachItem(value, attribute.multiple, path, (item, at) => {
          if (typeof item !== 'string' || item === '') return;
          if (!isMediaPath(item)) problems.push({ path: at, rule: 'missing-media', message: `${JSON.stringify(item)} is not a path inside uploads/` });
          else if (!context.media.has(item)) problems.push({ path: at, rule: 'missing-media', message: `media file uploads/${item} not found` });
        });
        break;
      case 'component': {
        const component = context.registry.components.get(attribute.component);
        if (component === undefined) break;
        eachItem(value, attribute.repeatable, path, (item, at) => {
          if (isPlainObject(item)) walk(run, { set: component, data: item, prefix: at, localized: perLocale });
        });
        break;
      }
      case 'dynamiczone':
        eachItem(value, true, path, (item, at) => {
          if (!isPlainObject(item) || typeof item['__component'] !== 'string' || !attribute.components.includes(item['__component'])) return;
          const component = context.registry.components.get(item['__component']);
          if (component !== undefined) walk(run, { set: component, data: item, prefix: at, localized: perLocale });
        });
        break;
      case 'scalar':
        break;
    }
  }
}

/** Calls back for the value (single) or each element with its index in the path (list). */
function eachItem(value: unknown, list: boolean, path: string[], visit: (item: unknown, at: string[]) => void): void {
  if (!list) return visit(value, path);
  if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, String(index)]));
}
