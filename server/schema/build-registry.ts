import { isPlainObject } from '../config/is-plain-object.js';
import { FileError } from '../errors/file-error.js';
import type { Attribute } from './attribute.js';
import { type ComponentSchema, type ContentType, isHiddenScalar } from './content-type.js';
import { parseAttribute } from './parse-attribute.js';
import { queryAttributesOf } from './localizations-attribute.js';
import { locateJsonPath } from './locate-json-path.js';
import { parseJson } from './parse-json.js';
import { type SchemaRegistry, findRelationTarget, routeName } from './schema-registry.js';
import { UnsupportedAttributeError } from './unsupported-attribute.js';
import { createUploadFileType } from './upload-file-type.js';
import { USER_UID, createUserType } from './user-type.js';

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** A schema file's text, with its project-relative path and the names its location gives it. */
export interface SchemaText {
  readonly file: string;
  /** The file name without `.json`. */
  readonly name: string;
  /** The component's category folder; undefined for content types. */
  readonly category?: string | undefined;
  /** A Strapi project's api folder (`src/api/<api>/content-types/<name>/schema.json`): the uid is `api::<api>.<name>`. */
  readonly api?: string | undefined;
  readonly text: string;
}

export interface SchemaTexts {
  /** Where content types live, for messages (`schemas`). */
  readonly folder: string;
  readonly components: readonly SchemaText[];
  readonly contentTypes: readonly SchemaText[];
}

/**
 * Builds the registry from the schema files' texts, checking each file and the links between
 * them. Throws a FileError naming the file and the problem.
 */
export function buildRegistry(texts: SchemaTexts): SchemaRegistry {
  const warnings: FileError[] = [];
  const components = new Map<string, ComponentSchema>();
  for (const source of texts.components) {
    const component = parseComponent(parseObject(source), source.file, source.category ?? '', source.name);
    const twin = components.get(component.uid);
    if (twin) throw new FileError(source.file, `component ${component.uid} is defined twice: in ${twin.file} and in ${source.file}`);
    components.set(component.uid, component);
    warnings.push(...leftOutWarnings(component, source.text));
  }

  const contentTypes = new Map<string, ContentType>();
  const byRouteName = new Map<string, ContentType>();
  for (const source of texts.contentTypes) {
    const file = source.file;
    const type = parseContentType(parseObject(source), file, source.api === undefined ? undefined : `api::${source.api}.${source.name}`);
    const twin = contentTypes.get(type.uid);
    if (twin) throw new FileError(file, `content type ${type.uid} is defined twice: in ${twin.file} and in ${file}`);
    if (source.api !== undefined && !KEBAB.test(source.api)) throw new FileError(file, `the api folder "${source.api}" must be a kebab-case name`);
    warnings.push(...leftOutWarnings(type, source.text));
    if (source.api === undefined && type.singularName !== source.name) {
      throw new FileError(file, `info.singularName is "${type.singularName}" but the file is named ${source.name}.json: name it ${type.singularName}.json`);
    }
    for (const name of [type.singularName, type.pluralName]) {
      const clash = [...contentTypes.values()].find((t) => t.singularName === name || t.pluralName === name);
      if (clash) throw new FileError(file, `the name "${name}" is already used by ${clash.file}`);
    }
    contentTypes.set(type.uid, type);
    byRouteName.set(routeName(type), type);
  }
  if (contentTypes.size === 0)
    throw new FileError(texts.folder, 'no content type found: add schemas/<singularName>.json (or src/api/<api>/content-types/<name>/schema.json)');

  const registry: SchemaRegistry = { contentTypes, components, byRouteName, uploadFile: createUploadFileType(), user: createUserType(), warnings };
  for (const type of contentTypes.values()) checkLinks(registry, type.file, type.attributes, type.uid);
  for (const component of components.values()) checkLinks(registry, component.file, component.attributes, undefined);
  return registry;
}

function parseObject(source: SchemaText): Record<string, unknown> {
  const value = parseJson(source.text, source.file);
  if (!isPlainObject(value)) throw new FileError(source.file, 'expected a JSON object');
  return value;
}

/** `uid`: the uid a Strapi project's folders give the type; by default `api::<singularName>.<singularName>`. */
function parseContentType(raw: Record<string, unknown>, file: string, uid: string | undefined): ContentType {
  const kind = raw['kind'] ?? 'collectionType';
  if (kind !== 'collectionType' && kind !== 'singleType') {
    throw new FileError(file, `kind must be "collectionType" or "singleType", got ${JSON.stringify(kind)}`);
  }
  const info = isPlainObject(raw['info']) ? raw['info'] : {};
  const singularName = kebabName(info, 'singularName', file);
  const pluralName = kebabName(info, 'pluralName', file);
  if (singularName === pluralName) throw new FileError(file, 'info.singularName and info.pluralName must differ');
  const options = isPlainObject(raw['options']) ? raw['options'] : {};
  const pluginOptions = isPlainObject(raw['pluginOptions']) ? raw['pluginOptions'] : {};
  const i18n = isPlainObject(pluginOptions['i18n']) ? pluginOptions['i18n'] : {};
  const privateList = Array.isArray(options['privateAttributes']) ? options['privateAttributes'].filter((a): a is string => typeof a === 'string') : [];
  const localized = i18n['localized'] === true;
  const { attributes, leftOut } = parseAttributes(raw['attributes'], file, new Set(privateList), localized);
  return {
    uid: uid ?? `api::${singularName}.${singularName}`,
    kind,
    singularName,
    pluralName,
    displayName: typeof info['displayName'] === 'string' ? info['displayName'] : singularName,
    draftAndPublish: options['draftAndPublish'] === true,
    localized,
    file,
    attributes,
    queryAttributes: queryAttributesOf(`api::${singularName}.${singularName}`, localized, attributes),
    ...(leftOut.size > 0 ? { leftOut } : {}),
    outputScalars: outputScalars(attributes),
  };
}

function parseComponent(raw: Record<string, unknown>, file: string, category: string, name: string): ComponentSchema {
  if (!KEBAB.test(category) || !/^[a-z][a-z0-9-]*$/.test(name)) {
    throw new FileError(file, 'component folders and file names must be lower-case kebab-case');
  }
  const info = isPlainObject(raw['info']) ? raw['info'] : {};
  const { attributes, leftOut } = parseAttributes(raw['attributes'], file, new Set(), false);
  return {
    uid: `${category}.${name}`,
    category,
    name,
    displayName: typeof info['displayName'] === 'string' ? info['displayName'] : name,
    file,
    attributes,
    queryAttributes: attributes,
    ...(leftOut.size > 0 ? { leftOut } : {}),
    outputScalars: outputScalars(attributes),
  };
}

interface ParsedAttributes {
  readonly attributes: Map<string, Attribute>;
  /** Attribute name → why it was left out. */
  readonly leftOut: Map<string, string>;
}

function parseAttributes(raw: unknown, file: string, privateNames: ReadonlySet<string>, localized: boolean): ParsedAttributes {
  if (!isPlainObject(raw)) throw new FileError(file, '"attributes" must be an object');
  const attributes = new Map<string, Attribute>();
  const leftOut = new Map<string, string>();
  for (const [name, value] of Object.entries(raw)) {
    try {
      const attribute = parseAttribute(name, value, privateNames);
      attributes.set(name, localized ? attribute : { ...attribute, localized: false });
    } catch (error) {
      if (error instanceof UnsupportedAttributeError) leftOut.set(name, error.message);
      else throw new FileError(file, (error as Error).message);
    }
  }
  return { attributes, leftOut };
}

/** A warning per attribute left out of a schema, at the line of its `type`. */
function leftOutWarnings(set: ContentType | ComponentSchema, text: string): FileError[] {
  return [...(set.leftOut ?? [])].map(([name, why]) => new FileError(set.file, why, locateJsonPath(text, ['attributes', name, 'type'])));
}

function outputScalars(attributes: ReadonlyMap<string, Attribute>): string[] {
  const names: string[] = [];
  for (const [name, attribute] of attributes) {
    if (attribute.kind === 'scalar' && !isHiddenScalar(attribute)) names.push(name);
  }
  return names;
}

function kebabName(info: Record<string, unknown>, key: string, file: string): string {
  const value = info[key];
  if (typeof value !== 'string' || !KEBAB.test(value)) {
    throw new FileError(file, `info.${key} must be a kebab-case name, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Relation targets, inverse sides and component references must all resolve. */
function checkLinks(registry: SchemaRegistry, file: string, attributes: ReadonlyMap<string, Attribute>, ownerUid: string | undefined): void {
  for (const [name, attribute] of attributes) {
    const where = `attribute "${name}"`;
    switch (attribute.kind) {
      case 'relation': {
        const target = findRelationTarget(registry, attribute.target);
        if (!target) throw new FileError(file, `${where}: target ${attribute.target} is not a content type of this project`);
        const otherName = attribute.inversedBy ?? attribute.mappedBy;
        if (otherName === undefined) break;
        if (target === registry.user) throw new FileError(file, `${where}: relations to ${USER_UID} must be one-way (no inversedBy/mappedBy)`);
        if (ownerUid === undefined) throw new FileError(file, `${where}: relations inside components must be one-way (no inversedBy/mappedBy)`);
        const other = target.attributes.get(otherName);
        if (other?.kind !== 'relation' || other.target !== ownerUid) {
          throw new FileError(file, `${where}: ${target.file} has no relation "${otherName}" back to ${ownerUid}`);
        }
        const pointsBack = attribute.inversedBy !== undefined ? other.mappedBy === name : other.inversedBy === name;
        if (!pointsBack) {
          const expected = attribute.inversedBy !== undefined ? 'mappedBy' : 'inversedBy';
          throw new FileError(file, `${where}: ${target.file} attribute "${otherName}" must say ${expected}: "${name}"`);
        }
        break;
      }
      case 'component':
        if (!registry.components.has(attribute.component))
          throw new FileError(file, `${where}: component ${attribute.component} not found in schemas/components/`);
        break;
      case 'dynamiczone':
        for (const uid of attribute.components) {
          if (!registry.components.has(uid)) throw new FileError(file, `${where}: component ${uid} not found in schemas/components/`);
        }
        break;
      case 'morph': {
        if (attribute.target === undefined) break;
        const target = registry.contentTypes.get(attribute.target);
        const back = target?.attributes.get(attribute.morphBy ?? '');
        if (back?.kind !== 'morph' || back.target !== undefined) {
          throw new FileError(file, `${where}: ${attribute.target} has no morphToOne or morphToMany attribute "${attribute.morphBy ?? ''}"`);
        }
        break;
      }
      case 'scalar':
      case 'media':
        break;
    }
  }
}
