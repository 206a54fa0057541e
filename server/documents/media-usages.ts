import type { ContentIndex } from '../content-index/content-index.js';
import type { Entry } from '../content-index/entry.js';
import type { MediaRecord } from '../content-index/media-record.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';

/** A document (one locale) that uses a media file, in one of its versions (published or draft). */
export interface MediaUsage {
  readonly type: ContentType;
  /** The version that uses it (the draft when both do). */
  readonly entry: Entry;
  /** How it uses the file: a media attribute (a deletion unlinks it), or an image in blocks (kept, as Strapi keeps it). */
  readonly how: 'media' | 'blocks';
}

/** Where a set may hold a file: its media and blocks attributes, and the components that may (by name). */
interface Plan {
  readonly media: readonly string[];
  readonly blocks: readonly string[];
  /** Component attributes whose components may hold a file: name → the component uids. */
  readonly nested: readonly (readonly [string, readonly string[]])[];
}

/**
 * The documents that use a media file, found in the index: media attributes holding its path (at
 * any depth, draft and published versions) and image blocks pointing at its url. Each document and
 * locale once, in the index's order. One pass over the type's versions, reading only the attributes
 * that can hold a file (100,000 documents are read in well under a second).
 */
export function findMediaUsages(index: ContentIndex, media: MediaRecord): MediaUsage[] {
  const { registry } = index;
  const plans = new Map<string, Plan | null>();
  const usages: MediaUsage[] = [];
  for (const type of registry.contentTypes.values()) {
    const plan = planOf(registry, type, plans);
    if (plan === null) continue;
    const found = new Map<string, MediaUsage>();
    // The draft view has every document (its draft, or its only version); the published view adds a published file beside a draft one.
    for (const status of ['draft', 'published'] as const) {
      for (const entry of index.entries(type, status, '*')) {
        const how = use(registry, plans, plan, entry.data, media);
        if (how === undefined) continue;
        const key = `${entry.documentId}\u0000${entry.locale ?? ''}`;
        const before = found.get(key);
        if (before === undefined || (how === 'media' && before.how === 'blocks')) found.set(key, { type, entry: before?.entry ?? entry, how });
      }
    }
    usages.push(...found.values());
  }
  return usages;
}

/** How data uses the file, if it does: a media attribute wins over an image block. */
function use(
  registry: SchemaRegistry,
  plans: Map<string, Plan | null>,
  plan: Plan,
  data: Readonly<Record<string, unknown>>,
  media: MediaRecord,
): MediaUsage['how'] | undefined {
  for (const name of plan.media) {
    const value = data[name];
    if (value === media.path || (Array.isArray(value) && value.includes(media.path))) return 'media';
  }
  let how: MediaUsage['how'] | undefined;
  for (const [name, uids] of plan.nested) {
    const value = data[name];
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = useItem(registry, plans, uids, item, media);
        if (found === 'media') return found;
        how ??= found;
      }
    } else {
      const found = useItem(registry, plans, uids, value, media);
      if (found === 'media') return found;
      how ??= found;
    }
  }
  if (how === undefined && plan.blocks.some((name) => blocksShow(data[name], media.data.url))) how = 'blocks';
  return how;
}

/** How one component value (of a component or dynamic-zone attribute) uses the file. */
function useItem(
  registry: SchemaRegistry,
  plans: Map<string, Plan | null>,
  uids: readonly string[],
  item: unknown,
  media: MediaRecord,
): MediaUsage['how'] | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const uid = uids.length === 1 ? uids[0]! : (item as Record<string, unknown>)['__component'];
  if (typeof uid !== 'string') return undefined;
  const inner = plans.get(uid);
  return inner ? use(registry, plans, inner, item as Record<string, unknown>, media) : undefined;
}

/** The plan of a set (null when nothing in it, at any depth, can hold a file), made once per call. */
function planOf(registry: SchemaRegistry, set: AttributeSet & { uid: string }, plans: Map<string, Plan | null>): Plan | null {
  const known = plans.get(set.uid);
  if (known !== undefined) return known;
  plans.set(set.uid, null); // a component that holds itself adds nothing more
  const media: string[] = [];
  const blocks: string[] = [];
  const nested: [string, string[]][] = [];
  for (const [name, attribute] of set.attributes) {
    if (attribute.kind === 'media') media.push(name);
    else if (attribute.kind === 'scalar' && attribute.type === 'blocks') blocks.push(name);
    else if (attribute.kind === 'component' || attribute.kind === 'dynamiczone') {
      const uids = (attribute.kind === 'component' ? [attribute.component] : attribute.components).filter((uid) => {
        const component = registry.components.get(uid);
        return component !== undefined && planOf(registry, component, plans) !== null;
      });
      if (uids.length > 0) nested.push([name, uids]);
    }
  }
  const plan = media.length + blocks.length + nested.length === 0 ? null : { media, blocks, nested };
  plans.set(set.uid, plan);
  return plan;
}

/** Whether blocks hold an image block whose image has this url (images sit at the top level of blocks). */
function blocksShow(value: unknown, url: string): boolean {
  if (!Array.isArray(value)) return false;
  return value.some((block) => {
    if (typeof block !== 'object' || block === null) return false;
    const { type, image } = block as { type?: unknown; image?: { url?: unknown } | null };
    return type === 'image' && typeof image === 'object' && image !== null && image.url === url;
  });
}
