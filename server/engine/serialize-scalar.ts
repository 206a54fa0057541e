import type { ScalarType } from '../schema/attribute.js';
import { canonicalDateTime, canonicalTime } from '../schema/date-time-text.js';

/** A stored scalar in the form Strapi's REST API answers with (`null` when absent). */
export function serializeScalar(type: ScalarType, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'biginteger':
      return typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
    case 'date':
      return typeof value === 'string' && value.length > 10 && value[10] === 'T' ? value.slice(0, 10) : value;
    case 'time':
      return typeof value === 'string' ? (canonicalTime(value) ?? value) : value;
    case 'datetime':
      return typeof value === 'string' ? (canonicalDateTime(value) ?? value) : value;
    case 'timestamp': {
      if (typeof value === 'number') return String(value);
      if (typeof value === 'string' && !/^\d+$/.test(value)) {
        const ms = Date.parse(value);
        return Number.isNaN(ms) ? value : String(ms);
      }
      return value;
    }
    default:
      return value;
  }
}
