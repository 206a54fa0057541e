/** Names the envelope declares; content types and components never take them. */
export const ENVELOPE_NAMES = [
  'StrapiJson',
  'StrapiBlockNode',
  'StrapiMediaFormat',
  'StrapiMedia',
  'StrapiUser',
  'StrapiPagePagination',
  'StrapiOffsetPagination',
  'StrapiPagination',
  'StrapiResponse',
  'StrapiListResponse',
  'StrapiError',
  'StrapiErrorResponse',
  'CollectionTypes',
  'SingleTypes',
] as const;

/** The types every generated file starts with: values, media, and Strapi's response envelopes. */
export const TYPESCRIPT_ENVELOPE = `/** Any JSON value (attributes of type json). */
export type StrapiJson = string | number | boolean | null | StrapiJson[] | { [key: string]: StrapiJson };

/** A node of a blocks attribute (Strapi's structured rich text). */
export interface StrapiBlockNode {
  type: string;
  children?: StrapiBlockNode[];
  text?: string;
  [key: string]: unknown;
}

/** One size of an image (formats.thumbnail, formats.small …). */
export interface StrapiMediaFormat {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  path: string | null;
  width: number;
  height: number;
  size: number;
  sizeInBytes?: number;
  url: string;
}

/** A file of the media library: a populated media attribute, or an item of /api/upload/files. */
export interface StrapiMedia {
  id: number;
  documentId: string;
  name: string;
  alternativeText: string | null;
  caption: string | null;
  focalPoint: StrapiJson;
  width: number | null;
  height: number | null;
  formats: { [name: string]: StrapiMediaFormat } | null;
  hash: string;
  ext: string;
  mime: string;
  /** Kilobytes. */
  size: number;
  url: string;
  previewUrl: string | null;
  provider: string;
  provider_metadata: StrapiJson;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
}

/** A user (users-permissions): a populated relation to plugin::users-permissions.user, or an item of /api/users. */
export interface StrapiUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  provider: string;
  confirmed: boolean;
  blocked: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
}

/** \`meta.pagination\` of a list in page mode (the default). \`pageCount\` and \`total\` are left out with \`pagination[withCount]=false\`. */
export interface StrapiPagePagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

/** \`meta.pagination\` of a list read with \`pagination[start]\` / \`pagination[limit]\`. */
export interface StrapiOffsetPagination {
  start: number;
  limit: number;
  total: number;
}

export type StrapiPagination = StrapiPagePagination | StrapiOffsetPagination;

/** \`GET /api/:pluralName/:documentId\`, \`GET /api/:singularName\`, and the answers of writes. */
export interface StrapiResponse<T> {
  data: T;
  meta: { [key: string]: unknown };
}

/** \`GET /api/:pluralName\`. */
export interface StrapiListResponse<T, P extends StrapiPagination = StrapiPagePagination> {
  data: T[];
  meta: { pagination: P };
}

export interface StrapiError {
  status: number;
  /** ValidationError, NotFoundError, ForbiddenError … */
  name: string;
  message: string;
  details: { [key: string]: unknown };
}

/** Every error answer (4xx and 5xx). */
export interface StrapiErrorResponse {
  data: null;
  error: StrapiError;
}
`;
