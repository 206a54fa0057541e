import type { SchemaRegistry } from '../schema/schema-registry.js';
import { USER_ACTIONS } from './user-actions.js';

/** The core actions of a collection type's routes, and of a single type's. */
const COLLECTION_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
const SINGLE_ACTIONS = ['find', 'update', 'delete'] as const;

/** The plugin actions a route of cms checks: the media library's and users-permissions' user and role routes. */
export const PLUGIN_ACTIONS: readonly string[] = [
  'plugin::upload.content-api.find',
  'plugin::upload.content-api.findOne',
  'plugin::upload.content-api.upload',
  'plugin::upload.content-api.destroy',
  ...Object.values(USER_ACTIONS),
];

/** Every action id a route of this project checks: each content type's core actions, then the plugin actions. */
export function listKnownActions(registry: SchemaRegistry): string[] {
  const actions: string[] = [];
  for (const type of registry.contentTypes.values()) {
    for (const action of type.kind === 'singleType' ? SINGLE_ACTIONS : COLLECTION_ACTIONS) actions.push(`${type.uid}.${action}`);
  }
  return [...actions, ...PLUGIN_ACTIONS];
}

/**
 * Why an action id names nothing this project has, or undefined when it does: an unknown content
 * type or plugin action, or an action a type's routes do not have. `customActions`: the project has
 * code of its own (src/api), whose controllers may add actions to a known type.
 */
export function findUnknownAction(action: string, registry: SchemaRegistry, customActions: boolean): string | undefined {
  if (listKnownActions(registry).includes(action)) return undefined;
  const [, uid, name] = /^(api::[\w-]+\.[\w-]+)\.([\w-]+)$/.exec(action) ?? [];
  if (uid === undefined || name === undefined) {
    return action.startsWith('plugin::') ? `"${action}" is not a plugin action cms knows (${PLUGIN_ACTIONS.join(', ')})` : `"${action}" is not an action id`;
  }
  const type = registry.contentTypes.get(uid);
  if (type === undefined) {
    const uids = [...registry.contentTypes.keys()].sort();
    return `"${action}": no content type ${uid} in the schemas (they are ${uids.join(', ')})`;
  }
  if (customActions) return undefined;
  const names = type.kind === 'singleType' ? SINGLE_ACTIONS : COLLECTION_ACTIONS;
  return `"${action}": ${uid} has the actions ${names.join(', ')}`;
}
