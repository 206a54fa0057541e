import Router from '@koa/router';
import type { Context } from 'koa';
import { roleActions } from '../auth/caller.js';
import { parseUserListQuery, selectUsers } from '../auth/list-users.js';
import { presentUser } from '../auth/present-user.js';
import { buildPermissionTree } from '../auth/role-permissions.js';
import { findRoleById, listRoles } from '../auth/roles.js';
import { USER_ACTIONS } from '../auth/user-actions.js';
import { createUser, updateUser, type UserServiceContext } from '../auth/user-service.js';
import { runUserWrite } from '../auth/user-lifecycles.js';
import type { UserStore } from '../auth/user-store.js';
import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectPort } from '../documents/project-port.js';
import { notFoundError } from '../errors/api-error.js';
import { parseQueryString } from '../query/parse-query-string.js';
import { authStateOf, authorize } from './authorize.js';
import { lazyBody } from './lazy-body.js';

/**
 * The rest of users-permissions' content API: the users (`/users`, `/users/count`, `/users/:id`)
 * and the roles (`/users-permissions/roles`). Answers are bare, as Strapi's: arrays, a number,
 * objects, `{roles}` and `{role}`, never the `{data, meta}` envelope. `:id` is the numeric id.
 */
export function createUsersRouter(config: CmsConfig, project: ProjectPort): Router {
  const router = new Router({ prefix: config.rest.prefix });
  const body = lazyBody({ jsonLimit: config.limits.bodyBytes, urlencoded: false, multipart: false, text: false });
  const query = (ctx: Context) => parseUserListQuery(parseQueryString(ctx.querystring, config.limits), project.current.index, project.current.registry.user);
  const service = (ctx: Context): UserServiceContext => ({ users: usersOf(ctx), config: authStateOf(ctx).config, now: () => new Date().toISOString() });

  router.get('/users/count', authorize(config, USER_ACTIONS.count), (ctx) => {
    const { filters } = query(ctx);
    ctx.body = selectUsers(project.current.index, project.current.registry.user, usersOf(ctx).list(), { filters, sort: [], start: 0, limit: undefined }).length;
  });
  router.get('/users', authorize(config, USER_ACTIONS.find), (ctx) => {
    const parsed = query(ctx);
    const current = authStateOf(ctx).config;
    ctx.body = selectUsers(project.current.index, project.current.registry.user, usersOf(ctx).list(), parsed).map((user) => presentUser(user, current, parsed));
  });
  router.get('/users/:id', authorize(config, USER_ACTIONS.findOne), (ctx) => {
    const { fields, withRole } = query(ctx);
    const user = findUser(ctx);
    // Strapi sets a null body for an unknown id, which Koa answers 204 without content.
    if (user === undefined) ctx.status = 204;
    else ctx.body = presentUser(user, authStateOf(ctx).config, { fields, withRole });
  });
  router.post('/users', authorize(config, USER_ACTIONS.create), body, async (ctx) => {
    const user = await createUser(service(ctx), ctx.request.body);
    ctx.status = 201;
    ctx.body = presentUser(user, authStateOf(ctx).config, { withRole: true });
  });
  router.put('/users/:id', authorize(config, USER_ACTIONS.update), body, async (ctx) => {
    const id = numericId(ctx);
    // A non-numeric id matches no user, like an unknown one.
    const user = await updateUser(service(ctx), id ?? 0, ctx.request.body);
    ctx.body = presentUser(user, authStateOf(ctx).config, { withRole: true });
  });
  router.delete('/users/:id', authorize(config, USER_ACTIONS.destroy), async (ctx) => {
    const found = findUser(ctx);
    const users = usersOf(ctx);
    const removed = found && (await runUserWrite(users, { action: 'delete', id: found.id, write: () => users.remove(found.documentId) }));
    if (removed === undefined) ctx.status = 204;
    else ctx.body = presentUser(removed, authStateOf(ctx).config);
  });

  router.get('/users-permissions/roles', authorize(config, USER_ACTIONS.findRoles), (ctx) => {
    const current = authStateOf(ctx).config;
    const users = usersOf(ctx).list();
    const roles = listRoles(current).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    ctx.body = { roles: roles.map((role) => ({ ...role, nb_users: users.filter((user) => user.role === role.type).length })) };
  });
  router.get('/users-permissions/roles/:id', authorize(config, USER_ACTIONS.findRole), (ctx) => {
    const current = authStateOf(ctx).config;
    const id = numericId(ctx);
    const role = id === undefined ? undefined : findRoleById(current, id);
    if (role === undefined) throw notFoundError('Role not found');
    ctx.body = { role: { ...role, permissions: buildPermissionTree(project.current.registry, roleActions(current, role.type)) } };
  });
  return router;
}

function usersOf(ctx: Context): UserStore {
  const { users } = authStateOf(ctx);
  if (users === undefined) throw new Error('the user routes need a user store');
  return users;
}

function numericId(ctx: Context): number | undefined {
  const raw = String(ctx.params['id']);
  return /^\d+$/.test(raw) ? Number(raw) : undefined;
}

function findUser(ctx: Context) {
  const id = numericId(ctx);
  return id === undefined ? undefined : usersOf(ctx).findById(id);
}
