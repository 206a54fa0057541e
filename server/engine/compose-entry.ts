import { CompactEntry, readStoredField } from '../content-index/compact-entry.js';
import type { Entry } from '../content-index/entry.js';
import { JSON_KIND, longValueBytes } from '../content-index/text-arena.js';
import type { ScalarType } from '../schema/attribute.js';
import type { ContentType } from '../schema/content-type.js';
import { serializeScalar } from './serialize-scalar.js';

/**
 * A document as an answer shows its scalars and system fields (all, or those `fields` picks), as
 * JSON text written straight from the stored entry: the same text as `JSON.stringify` of the
 * object `serializeEntry` makes for them (test/engine/compose-entry.test.ts compares them
 * document by document), without making that object or parsing the long values. Short values go
 * through `JSON.stringify` one by one; a long value of a text, rich text, blocks or json attribute
 * is the arena's text as it is (JSON already), or, for a string, that text through
 * `JSON.stringify`. `populated`, when given, is the text of the populated attributes that follow
 * (`"author":{…},"cover":null`), written in before the closing brace.
 */
export function composeEntry(type: ContentType, entry: Entry, fields: readonly string[] | undefined, populated = ''): string {
  const plan = planOf(type, fields);
  const compact = entry instanceof CompactEntry ? entry : undefined;
  let out = '{';
  for (let i = 0; i < plan.length; i++) {
    const slot = plan[i]!;
    out += slot.key;
    const name = slot.attribute;
    if (name === undefined) out += JSON.stringify(entry[slot.system!]);
    else if (!slot.long || compact === undefined || compact.testLongValue(name, readStored) === undefined) {
      out += JSON.stringify(serializeScalar(slot.type!, readStoredField(entry, name)));
    } else out += stored;
  }
  return populated === '' ? `${out}}` : `${out},${populated}}`;
}

/** The fields every document answers with besides its attributes. */
type SystemField = 'id' | 'documentId' | 'createdAt' | 'updatedAt' | 'publishedAt' | 'locale';

/** One key of the answer's data and where its value comes from: a system field or a scalar attribute. */
interface Slot {
  /** The key as written, with the comma before it and the colon after: `,"title":`. */
  readonly key: string;
  readonly system?: SystemField;
  readonly attribute?: string;
  /** A scalar attribute's type. */
  readonly type?: ScalarType;
  /** Whether the attribute's value may be held off the heap, as text or JSON text (text, rich text, blocks, json). */
  readonly long: boolean;
}

/** Each type's plan for all its scalars. */
const plans = new WeakMap<ContentType, readonly Slot[]>();

/**
 * The keys of a type's answers in serializeEntry's order: id, documentId, the scalars (in schema
 * order, or in `fields`' order), the timestamps, the locale. (Attribute names start with a letter
 * and are never a system field's, parse-attribute.ts, and a `fields` list names each once,
 * parse-fields.ts: an object would keep its keys in this order.) The plan of all scalars is kept per
 * type; one for a `fields` list is made once per answer (its documents share their query's list).
 */
function planOf(type: ContentType, fields: readonly string[] | undefined): readonly Slot[] {
  if (fields === undefined) {
    let plan = plans.get(type);
    if (plan === undefined) plans.set(type, (plan = makePlan(type, undefined)));
    return plan;
  }
  if (type !== lastType || fields !== lastFields) {
    lastPlan = makePlan(type, fields);
    lastType = type;
    lastFields = fields;
  }
  return lastPlan;
}

let lastType: ContentType | undefined;
let lastFields: readonly string[] | undefined;
let lastPlan: readonly Slot[] = [];

function makePlan(type: ContentType, fields: readonly string[] | undefined): readonly Slot[] {
  const slots: Slot[] = [];
  const add = (name: string, slot: Omit<Slot, 'key'>): void => {
    slots.push({ key: `${slots.length === 0 ? '' : ','}${JSON.stringify(name)}:`, ...slot });
  };
  add('id', { system: 'id', long: false });
  add('documentId', { system: 'documentId', long: false });
  for (const name of fields ?? type.outputScalars) {
    const attribute = type.attributes.get(name);
    if (attribute?.kind === 'scalar') add(name, { attribute: name, type: attribute.type, long: LONG_TYPES.has(attribute.type) });
  }
  for (const name of ['createdAt', 'updatedAt', 'publishedAt'] as const) {
    if (fields === undefined || fields.includes(name)) add(name, { system: name, long: false });
  }
  if (type.localized && (fields === undefined || fields.includes('locale'))) add('locale', { system: 'locale', long: false });
  return slots;
}

/** Scalar types whose values serializeScalar answers as they are stored, and that may be held off the heap. */
const LONG_TYPES: ReadonlySet<ScalarType> = new Set<ScalarType>(['text', 'richtext', 'blocks', 'json']);

/** The long value `readStored` read last, as JSON text: one callback for every value (nothing made per value but the text). */
let stored = '';

/** testLongValue's callback: the value as JSON text, into `stored` (true: read). */
function readStored(slab: Buffer, at: number, index: number): boolean {
  const { start, end, kind } = longValueBytes(slab, at, index);
  const text = slab.toString('utf8', start, end);
  stored = kind === JSON_KIND ? text : JSON.stringify(text);
  return true;
}
