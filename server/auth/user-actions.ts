/**
 * The action ids of users-permissions' user and role routes, as Strapi names them: what
 * cms.config.json `permissions` and custom API tokens list to allow them.
 */
export const USER_ACTIONS = {
  find: 'plugin::users-permissions.user.find',
  findOne: 'plugin::users-permissions.user.findOne',
  count: 'plugin::users-permissions.user.count',
  create: 'plugin::users-permissions.user.create',
  update: 'plugin::users-permissions.user.update',
  destroy: 'plugin::users-permissions.user.destroy',
  findRoles: 'plugin::users-permissions.role.find',
  findRole: 'plugin::users-permissions.role.findOne',
} as const;
