import type { ContentType } from '../schema/content-type.js';
import { isHiddenScalar } from '../schema/content-type.js';
import type { JsonSchema } from './json-schema.js';

/** An OpenAPI parameter object. */
export type Parameter = { readonly [key: string]: unknown };

type ReadAction = 'find' | 'findOne' | 'write';

/**
 * The query parameters a route of a type accepts (query/parse-document-query's lists, with
 * strictParams every other key is a 400): bracketed keys as qs reads them, so `deepObject`.
 */
export function queryParameters(type: ContentType, action: ReadAction, maxDepth: number): Parameter[] {
  const scalars = [...type.attributes].filter(([, a]) => a.kind === 'scalar' && !a.private && !isHiddenScalar(a)).map(([name]) => name);
  const fieldNames = [...scalars, 'createdAt', 'updatedAt', 'publishedAt', ...(type.localized ? ['locale'] : [])];
  const list = action === 'find' && type.kind === 'collectionType';
  const out: Parameter[] = [
    deep('fields', 'Scalar fields to answer (id and documentId always come): `fields[0]=title` or `fields=title,slug`', {
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string', enum: fieldNames } }],
    }),
    deep('populate', 'Relations, media, components and dynamic zones to include: `*`, `a,b`, `populate[a][fields][0]=x`, `populate[zone][on][c.x]=…`', {
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'object', additionalProperties: true }],
    }),
  ];
  if (action !== 'write') {
    out.push(
      deep('filters', 'Strapi filters: `filters[title][$eq]=x`, `$and`, `$or`, `$not`, deep through relations and components', {
        type: 'object',
        additionalProperties: true,
      }),
    );
    out.push(
      plain(
        'pLevel',
        `Deep populate (the populate-deep plugin): every relation, media, component and dynamic zone pLevel-1 levels deep, 5 without a value, at most ${maxDepth} levels; wins over populate`,
        {
          type: 'string',
          pattern: '^[0-9]*$',
        },
      ),
    );
    out.push(
      deep('pIgnore', 'With pLevel: attribute names to leave out, or collection names not to go into', {
        anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      }),
    );
  }
  if (list || (action === 'findOne' && type.kind === 'collectionType')) {
    out.push(deep('sort', 'Sort keys: `sort=title:asc`, `sort[0]=views:desc`', { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }));
  }
  if (list) {
    out.push(plain('_q', 'Search every searchable text attribute', { type: 'string' }));
    out.push(
      deep('pagination', '`pagination[page]` and `[pageSize]`, or `[start]` and `[limit]`; `[withCount]`', {
        type: 'object',
        properties: {
          page: { type: 'integer', minimum: 1 },
          pageSize: { type: 'integer', minimum: 1 },
          start: { type: 'integer', minimum: 0 },
          limit: { type: 'integer' },
          withCount: { type: 'boolean' },
        },
      }),
    );
  }
  if (type.draftAndPublish) out.push(plain('status', 'published (default) or draft', { type: 'string', enum: ['published', 'draft'] }));
  if (type.localized) out.push(plain('locale', list ? 'A locale code, or * for all' : 'A locale code', { type: 'string' }));
  return out;
}

export function deep(name: string, description: string, schema: JsonSchema): Parameter {
  return { name, in: 'query', required: false, description, style: 'deepObject', explode: true, schema };
}

export function plain(name: string, description: string, schema: JsonSchema): Parameter {
  return { name, in: 'query', required: false, description, schema };
}

export function pathParameter(name: string, description: string): Parameter {
  return { name, in: 'path', required: true, description, schema: { type: 'string' } };
}
