/**
 * Strapi validates entities with yup; clients show its messages, so we word them the same way.
 * `printValue` is yup's value printer (strings quoted, objects as 2-space JSON of printed values).
 */
export function printValue(value: unknown, quoteStrings = true): string {
  const simple = printSimpleValue(value, quoteStrings);
  if (simple !== null) return simple;
  return JSON.stringify(
    value,
    function (this: Record<string, unknown>, key: string, inner: unknown) {
      const printed = printSimpleValue(this[key], quoteStrings);
      return printed !== null ? printed : inner;
    },
    2,
  );
}

function printSimpleValue(value: unknown, quoteStrings: boolean): string | null {
  if (value === null || value === true || value === false) return String(value);
  if (value === undefined) return 'undefined';
  switch (typeof value) {
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'string':
      return quoteStrings ? `"${value}"` : value;
    case 'bigint':
      return `${value}n`;
    default:
      return value instanceof Date ? value.toISOString() : null;
  }
}

/** `must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`"abc"\`).` */
export function typeErrorMessage(path: string, typeName: string, finalValue: unknown, original: unknown): string {
  const cast =
    original !== undefined && !Object.is(original, finalValue) && printValue(original) !== printValue(finalValue)
      ? ` (cast from the value \`${printValue(original)}\`)`
      : '';
  return `${path} must be a \`${typeName}\` type, but the final value was: \`${printValue(finalValue)}\`${cast}.`;
}

/** `blocks[0].description` from `['blocks', '0', 'description']`. */
export function formatPath(path: readonly string[]): string {
  let out = '';
  for (const part of path) out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  return out || 'this';
}
