import fs from 'node:fs';
import path from 'node:path';
import { hashApiToken } from '../../server/auth/api-token.js';
import type { TempProject } from '../helpers/temp-project.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { signTestJwt } from './sign-test-jwt.js';

/** Test-only secrets, written into the temp copy's cms.config.json (never into a committed sample). */
export const SALT = 'auth-suite-salt-not-a-real-secret';
export const JWT_SECRET = 'auth-suite-jwt-secret-not-a-real-one';

/** Tokens as a client holds them; the config gets only their hashes. */
export const TOKENS = {
  readOnly: 'read-only-token-value',
  fullAccess: 'full-access-token-value',
  custom: 'custom-token-value',
  expired: 'expired-token-value',
} as const;

/** The users of test/fixtures/auth-users (bcrypt cost 4, so the suite stays fast). */
export const USERS = {
  reader: { documentId: 'k3reader0000000000000001', username: 'reader', email: 'reader@example.com', password: 'reader-password' },
  editor: { documentId: 'k3editor0000000000000002', username: 'editor', email: 'editor@example.com', password: 'editor-password' },
  blocked: { documentId: 'k3blocked000000000000003', username: 'blocked', email: 'blocked@example.com', password: 'blocked-password' },
} as const;

export interface AuthProjectOptions {
  readonly permissions: Readonly<Record<string, readonly string[]>>;
  readonly customPermissions?: readonly string[];
  readonly register?: boolean;
}

/** Turns a temp copy of the blog fixture into a project with roles, four API tokens and three users. */
export function prepareAuthProject(project: TempProject, options: AuthProjectOptions): void {
  const entry = (name: string, token: string, type: string, extra: Record<string, unknown> = {}) => ({
    name,
    type,
    accessKey: hashApiToken(token, SALT),
    expiresAt: null,
    ...extra,
  });
  project.write('cms.config.json', {
    api: { rest: { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: true } },
    permissions: options.permissions,
    auth: {
      apiTokenSalt: SALT,
      jwtSecret: JWT_SECRET,
      register: options.register ?? true,
      apiTokens: [
        entry('reader', TOKENS.readOnly, 'read-only'),
        entry('deploy', TOKENS.fullAccess, 'full-access'),
        entry('custom', TOKENS.custom, 'custom', { permissions: options.customPermissions ?? ['api::article.article.find'] }),
        entry('old', TOKENS.expired, 'full-access', { expiresAt: '2020-01-01T00:00:00.000Z' }),
      ],
    },
  });
  fs.cpSync(path.join(FIXTURES_DIR, 'auth-users'), project.dir, { recursive: true });
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** A JWT for the user with this numeric id that expired an hour ago, signed with the suite's secret. */
export function expiredJwt(userId: number): string {
  const past = Math.floor(Date.now() / 1000) - 3600;
  return signTestJwt({ id: userId, iat: past - 60, exp: past }, JWT_SECRET);
}

/**
 * Test servers read process.env; secrets a developer exported in this shell (say, for the
 * conformance run) must not change what these tests see. Each test file runs in its own process.
 */
export function ignoreAuthEnvironment(): void {
  for (const name of ['API_TOKEN_SALT', 'JWT_SECRET', 'CMS_API_TOKENS', 'NODE_ENV']) delete process.env[name];
}
