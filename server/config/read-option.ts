import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from './is-plain-object.js';

export type Json = Record<string, unknown>;

/** The option readers: each names the option and what it expected when a value is wrong. */

export function objectAt(parent: Json, key: string, name = key): Json {
  const value = parent[key];
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: ${name}: expected an object, got ${describe(value)}`);
  return value;
}

export function stringOption(parent: Json, name: string, fallback: string): string {
  const value = parent[name.slice(name.lastIndexOf('.') + 1)];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value === '') {
    throw new UserError(`${CONFIG_FILE}: ${name}: expected a non-empty string, got ${describe(value)}`);
  }
  return value;
}

export function intOption(parent: Json, name: string, fallback: number, min: number): number {
  const value = parent[name.slice(name.lastIndexOf('.') + 1)];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new UserError(`${CONFIG_FILE}: ${name}: expected an integer >= ${min}, got ${describe(value)}`);
  }
  return value;
}

export function boolOption(parent: Json, name: string, fallback: boolean): boolean {
  const value = parent[name.slice(name.lastIndexOf('.') + 1)];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new UserError(`${CONFIG_FILE}: ${name}: expected true or false, got ${describe(value)}`);
  return value;
}

export function optionalString(parent: Json, name: string): string | undefined {
  const value = parent[name.slice(name.lastIndexOf('.') + 1)];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new UserError(`${CONFIG_FILE}: ${name}: expected a non-empty string, got ${describe(value)}`);
  return value;
}
