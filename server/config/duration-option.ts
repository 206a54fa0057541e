import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import type { Json } from './read-option.js';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)$/i;

/** A duration like `"1h"`, `"30m"`, `"500ms"`, or whole seconds, as milliseconds. */
export function durationOption(parent: Json, name: string, fallbackMs: number): number {
  const value = parent[name.slice(name.lastIndexOf('.') + 1)];
  if (value === undefined) return fallbackMs;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value * 1000;
  const match = typeof value === 'string' ? DURATION.exec(value.trim()) : null;
  const ms = match ? Number(match[1]) * UNIT_MS[match[2]!.toLowerCase() as keyof typeof UNIT_MS] : 0;
  if (!(ms >= 1)) throw new UserError(`${CONFIG_FILE}: ${name}: expected a duration like "1h", "30m" or "500ms", or seconds, got ${describe(value)}`);
  return Math.round(ms);
}
