import type { Attribute, ScalarType } from './attribute.js';
import { type AttributeSet, type ContentType, isHiddenScalar } from './content-type.js';
import { scalarColumn } from './scalar-column.js';

export const UPLOAD_FILE_UID = 'plugin::upload.file';

/**
 * The upload plugin's file as a content type: what media records are entries of. It lives beside
 * the project's types in the registry (`registry.uploadFile`), not among them, so it has no route,
 * no content folder, no generated interface and no export of its own, and relations cannot target it.
 */
export interface UploadFileType extends ContentType {
  /**
   * The attributes a filter on files and the sort of a populated media may name: every column but
   * the JSON ones (focalPoint, formats, provider_metadata), which cms has never compared there.
   */
  readonly comparable: AttributeSet;
}

/**
 * Strapi's file columns, in its schema's order and with its types. Its relations (`related`,
 * `folder`) and private `folderPath` are left out: cms keeps links on the documents and has no
 * folders, so a filter naming them stays an unknown key.
 */
const FILE_COLUMNS: ReadonlyArray<readonly [name: string, type: ScalarType, required: boolean]> = [
  ['name', 'string', true],
  ['alternativeText', 'text', false],
  ['caption', 'text', false],
  ['focalPoint', 'json', false],
  ['width', 'integer', false],
  ['height', 'integer', false],
  ['formats', 'json', false],
  ['hash', 'string', true],
  ['ext', 'string', false],
  ['mime', 'string', true],
  ['size', 'decimal', true],
  ['url', 'text', true],
  ['previewUrl', 'text', false],
  ['provider', 'string', true],
  ['provider_metadata', 'json', false],
];

/** `plugin::upload.file`, built once per registry. */
export function createUploadFileType(): UploadFileType {
  const attributes = new Map<string, Attribute>();
  for (const [name, type, required] of FILE_COLUMNS) attributes.set(name, scalarColumn(type, required));
  const comparable = new Map([...attributes].filter(([, attribute]) => attribute.kind === 'scalar' && attribute.type !== 'json'));
  return {
    uid: UPLOAD_FILE_UID,
    kind: 'collectionType',
    singularName: 'file',
    pluralName: 'files',
    displayName: 'File',
    draftAndPublish: false,
    localized: false,
    // Built in: no schema file.
    file: '',
    attributes,
    queryAttributes: attributes,
    outputScalars: outputScalarsOf(attributes),
    comparable: { attributes: comparable, queryAttributes: comparable, outputScalars: outputScalarsOf(comparable) },
  };
}

function outputScalarsOf(attributes: ReadonlyMap<string, Attribute>): string[] {
  return [...attributes].filter(([, attribute]) => attribute.kind === 'scalar' && !isHiddenScalar(attribute)).map(([name]) => name);
}
