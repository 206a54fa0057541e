import type { SchemaRegistry } from '../schema/schema-registry.js';

/** One action in Strapi's role answer: `{enabled, policy}` under `<type>.controllers.<controller>`. */
export interface ActionState {
  readonly enabled: boolean;
  readonly policy: string;
}

export type PermissionTree = Record<string, { controllers: Record<string, Record<string, ActionState>> }>;

/** The plugins' content-API actions cms answers for, by plugin and controller, as Strapi lists them. */
const PLUGIN_ACTIONS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'plugin::users-permissions': {
    auth: ['callback', 'changePassword', 'resetPassword', 'connect', 'forgotPassword', 'register', 'emailConfirmation', 'sendEmailConfirmation'],
    user: ['create', 'update', 'find', 'findOne', 'count', 'destroy', 'me'],
    role: ['createRole', 'findOne', 'find', 'updateRole', 'deleteRole'],
    permissions: ['getPermissions'],
  },
  'plugin::upload': { 'content-api': ['find', 'findOne', 'destroy', 'upload'] },
  'plugin::i18n': { locales: ['listLocales'] },
};

/**
 * Strapi's `role.permissions`: every content-API action of the project, disabled, then the role's
 * own actions enabled (an action the project does not know is still shown, as Strapi shows it).
 */
export function buildPermissionTree(registry: SchemaRegistry, granted: ReadonlySet<string>): PermissionTree {
  const tree: PermissionTree = {};
  const set = (action: string, enabled: boolean): void => {
    const [type, controller, name] = action.split('.');
    if (type === undefined || controller === undefined || name === undefined) return;
    const controllers = (tree[type] ??= { controllers: {} }).controllers;
    (controllers[controller] ??= {})[name] = { enabled, policy: '' };
  };
  for (const type of registry.contentTypes.values()) {
    const names = type.kind === 'singleType' ? ['find', 'update', 'delete'] : ['find', 'findOne', 'create', 'update', 'delete'];
    for (const name of names) set(`${type.uid}.${name}`, false);
  }
  for (const [plugin, controllers] of Object.entries(PLUGIN_ACTIONS)) {
    for (const [controller, names] of Object.entries(controllers)) for (const name of names) set(`${plugin}.${controller}.${name}`, false);
  }
  for (const action of granted) set(action, true);
  return tree;
}
