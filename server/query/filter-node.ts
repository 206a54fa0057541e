/** Comparison operators of Strapi's filters, exactly as spelled in queries. */
export const COMPARISON_OPERATORS = [
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$null',
  '$notNull',
  '$between',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];

export const LOGICAL_OPERATORS = ['$and', '$or', '$not'] as const;
export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number];

export function isComparisonOperator(value: string): value is ComparisonOperator {
  return (COMPARISON_OPERATORS as readonly string[]).includes(value);
}

export function isLogicalOperator(value: string): value is LogicalOperator {
  return (LOGICAL_OPERATORS as readonly string[]).includes(value);
}

/**
 * A parsed, validated and type-cast filter tree. `field` names an attribute of the level the node
 * is on, or a system field (`id`, `documentId`, `createdAt`, `updatedAt`, `publishedAt`, `locale`).
 */
export type FilterNode =
  | { readonly kind: 'and'; readonly children: readonly FilterNode[] }
  | { readonly kind: 'or'; readonly children: readonly FilterNode[] }
  | { readonly kind: 'not'; readonly child: FilterNode }
  /** A scalar comparison; `value` is already cast to the attribute's type (an array for $in/$notIn/$between). */
  | { readonly kind: 'compare'; readonly field: string; readonly operator: ComparisonOperator; readonly value: unknown }
  /** Relation, media or component: matches when some related item satisfies `where`. */
  | { readonly kind: 'nested'; readonly field: string; readonly where: FilterNode };
