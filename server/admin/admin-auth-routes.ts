import Router from '@koa/router';
import type { Context } from 'koa';
import { checkPassword } from '../auth/hash-password.js';
import { isPlainObject } from '../config/is-plain-object.js';
import { hashPassword } from '../documents/password-hash.js';
import { applicationError, rateLimitError, validationError } from '../errors/api-error.js';
import { type AdminDependencies, SESSION_COOKIE, requireRole, signedInOf } from './admin-context.js';
import { ADMIN_ROLE_NAMES, isAdminRole } from './admin-role.js';
import { type StoredAdmin, presentAdmin } from './admin-store.js';
import { checkAdminEmail, checkAdminPassword } from './check-admin-fields.js';

/** Strapi's admin sign-in limit: 5 tries per e-mail and IP in 5 minutes (and 20 per IP). */
const SIGN_IN_MAX = 5;
const SIGN_IN_MAX_PER_IP = 20;
const SIGN_IN_WINDOW_MS = 5 * 60 * 1000;

/** The routes that work without a session: whether there is an administrator, the first one, sign-in. */
export function createPublicAdminRouter(deps: AdminDependencies): Router {
  const router = new Router({ prefix: '/admin' });
  router.get('/init', (ctx) => {
    ctx.body = { data: { hasAdmin: deps.admins.hasAdmins() } };
  });

  router.post('/register-admin', async (ctx) => {
    const fields = readFields(ctx.request.body);
    const email = checkAdminEmail(fields['email']);
    const password = checkAdminPassword(fields['password']);
    if (deps.admins.hasAdmins()) throw applicationError('You cannot register a new super admin');
    const hash = await hashPassword(password);
    // Checked again after the await: two first visits at once make one Super Admin.
    if (deps.admins.hasAdmins()) throw applicationError('You cannot register a new super admin');
    const admin = deps.admins.add(
      { email, password: hash, role: 'super-admin', firstname: text(fields['firstname']), lastname: text(fields['lastname']) },
      isoNow(deps),
    );
    startSession(ctx, deps, admin);
  });

  router.post('/login', async (ctx) => {
    const fields = readFields(ctx.request.body);
    const email = typeof fields['email'] === 'string' ? fields['email'].trim().toLowerCase().slice(0, 320) : '';
    const password = typeof fields['password'] === 'string' ? fields['password'] : '';
    const at = deps.now();
    const perEmail = deps.signInCounter.hit(`${email}\u0000${ctx.ip}`, at, SIGN_IN_WINDOW_MS);
    const perIp = deps.signInCounter.hit(`\u0000${ctx.ip}`, at, SIGN_IN_WINDOW_MS);
    if (perEmail.count > SIGN_IN_MAX || perIp.count > SIGN_IN_MAX_PER_IP) {
      ctx.set('Retry-After', String(Math.max(1, Math.ceil((Math.max(perEmail.endsAt, perIp.endsAt) - at) / 1000))));
      throw rateLimitError();
    }
    const admin = email === '' ? undefined : deps.admins.findByEmail(email);
    // The same bcrypt work whether or not the address is known.
    const ok = await checkPassword(password.slice(0, 1024), admin?.password ?? null);
    if (admin === undefined || !ok) throw applicationError('Invalid credentials');
    if (admin.blocked) throw applicationError('Your account has been blocked');
    startSession(ctx, deps, admin);
  });
  return router;
}

/** The signed-in administrator's routes: who am I, sign-out, and the team (Super Admin only). */
export function createSessionRouter(deps: AdminDependencies): Router {
  const router = new Router({ prefix: '/admin' });
  router.get('/users/me', (ctx) => {
    const { admin, session } = signedInOf(ctx);
    ctx.body = { data: { user: presentAdmin(admin), roleName: ADMIN_ROLE_NAMES[admin.role], csrfToken: session.csrfToken } };
  });
  router.post('/logout', (ctx) => {
    deps.sessions.destroy(signedInOf(ctx).sessionId);
    ctx.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'strict', path: '/admin', expires: new Date(0), overwrite: true });
    ctx.body = { data: {} };
  });
  router.get('/users', (ctx) => {
    requireRole(ctx, 'super-admin');
    ctx.body = { data: deps.admins.list().map(presentAdmin) };
  });
  router.post('/users', async (ctx) => {
    requireRole(ctx, 'super-admin');
    const fields = readFields(ctx.request.body);
    const email = checkAdminEmail(fields['email']);
    const password = checkAdminPassword(fields['password']);
    const role = fields['role'];
    if (!isAdminRole(role)) throw validationError('role must be one of super-admin, editor, author', { errors: [{ path: ['role'], message: 'Invalid role' }] });
    if (deps.admins.findByEmail(email)) throw applicationError('Email already taken');
    const admin = deps.admins.add(
      { email, password: await hashPassword(password), role, firstname: text(fields['firstname']), lastname: text(fields['lastname']) },
      isoNow(deps),
    );
    ctx.status = 201;
    ctx.body = { data: presentAdmin(admin) };
  });
  return router;
}

function startSession(ctx: Context, deps: AdminDependencies, admin: StoredAdmin): void {
  const { id, session } = deps.sessions.create(admin.id, deps.now());
  ctx.cookies.set(SESSION_COOKIE, id, { httpOnly: true, sameSite: 'strict', path: '/admin', secure: ctx.secure, overwrite: true });
  ctx.body = { data: { user: presentAdmin(admin), roleName: ADMIN_ROLE_NAMES[admin.role], csrfToken: session.csrfToken } };
}

function readFields(body: unknown): Record<string, unknown> {
  return isPlainObject(body) ? body : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim().slice(0, 100) : undefined;
}

function isoNow(deps: AdminDependencies): string {
  return new Date(deps.now()).toISOString();
}
