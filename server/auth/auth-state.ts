import crypto from 'node:crypto';
import type { CmsConfig } from '../config/cms-config.js';
import type { ChangeSet, WriteHooks } from '../documents/project-port.js';
import { UserError } from '../errors/user-error.js';
import { UserStore } from './user-store.js';

/** Everything a request needs to find out who is calling. */
export interface AuthState {
  readonly config: CmsConfig;
  /** Undefined: no API token can match. */
  readonly apiTokenSalt: string | undefined;
  /** Undefined: no JWT is accepted and nobody can sign in. */
  readonly jwtSecret: string | undefined;
  readonly users: UserStore | undefined;
}

export interface AuthStateOptions {
  readonly warn: (message: string) => void;
  /** The project's commit path, through which new users are written. */
  readonly commit: (changes: ChangeSet) => void;
  /** The project code's lifecycle hooks as they are now, run around user writes. */
  readonly hooks?: (() => WriteHooks | undefined) | undefined;
  /** The state in force before cms.config.json changed: secrets it generated are kept. */
  readonly previous?: AuthState | undefined;
}

/** Values that come from templates and tutorials, never real secrets. */
const PLACEHOLDERS = new Set(['tobemodified', 'changeme', 'change-me', 'change_me', 'secret', 'default', 'salt', 'password']);
const MIN_SECRET_LENGTH = 16;

/**
 * Opens the users and settles the secrets. A secret that is needed (tokens configured; users
 * present or registration on) but missing is generated per process in development, with a warning;
 * in production (`NODE_ENV=production`) a missing, placeholder or short one stops the start (a
 * UserError saying how to set it). Given the `previous` state (a reloaded cms.config.json), a
 * secret generated then is kept, so signed-in users stay signed in.
 */
export function createAuthState(config: CmsConfig, options: AuthStateOptions): AuthState {
  const { warn, previous } = options;
  const generated = (option: 'apiTokenSalt' | 'jwtSecret', value: string | undefined): string | undefined =>
    previous !== undefined && previous.config.auth[option] === undefined ? value : undefined;
  const users = new UserStore({ projectDir: config.dir, defaultRole: config.auth.defaultRole, warn, commit: options.commit, hooks: options.hooks });
  const tokensInUse = config.auth.apiTokens.length > 0;
  const usersInUse = config.auth.register || users.list().length > 0;
  const apiTokenSalt = settleSecret(
    config,
    { value: config.auth.apiTokenSalt, needed: tokensInUse, inherited: generated('apiTokenSalt', previous?.apiTokenSalt) },
    {
      name: 'API_TOKEN_SALT',
      option: 'auth.apiTokenSalt',
      why: `${config.auth.apiTokens.length} API token${config.auth.apiTokens.length === 1 ? ' is' : 's are'} configured`,
      fallback: 'using a random salt for this process, so no configured API token will match: set it to the salt the tokens were created with',
    },
    warn,
  );
  const jwtSecret = settleSecret(
    config,
    { value: config.auth.jwtSecret, needed: usersInUse, inherited: generated('jwtSecret', previous?.jwtSecret) },
    {
      name: 'JWT_SECRET',
      option: 'auth.jwtSecret',
      why: config.auth.register ? 'registration is on' : 'users/ holds users',
      fallback: "signing users' JWTs with a random secret for this process, so sign-ins end when it stops",
    },
    warn,
  );
  return { config, apiTokenSalt, jwtSecret, users };
}

interface SecretNames {
  readonly name: string;
  readonly option: string;
  readonly why: string;
  readonly fallback: string;
}

/** One secret as configured, and what settling it depends on. */
interface SecretCandidate {
  readonly value: string | undefined;
  /** Whether anything uses the secret (tokens configured; users present or registration on). */
  readonly needed: boolean;
  /** The one generated for the previous cms.config.json, kept so signed-in users stay signed in. */
  readonly inherited: string | undefined;
}

function settleSecret(config: CmsConfig, secret: SecretCandidate, names: SecretNames, warn: (message: string) => void): string {
  const { value, needed, inherited } = secret;
  const weakness =
    value === undefined
      ? 'is not set'
      : PLACEHOLDERS.has(value.toLowerCase())
        ? 'is a placeholder'
        : value.length < MIN_SECRET_LENGTH
          ? `is shorter than ${MIN_SECRET_LENGTH} characters`
          : undefined;
  if (needed && config.auth.production && weakness !== undefined) {
    throw new UserError(
      `${names.name} ${weakness}, and ${names.why}: refusing to start with NODE_ENV=production. ` +
        `Set ${names.name} in the environment (or ${names.option} in cms.config.json) to a random value, e.g. \`openssl rand -base64 32\``,
    );
  }
  if (value !== undefined) return value;
  if (needed) warn(`${names.name} is not set: ${names.fallback} (set ${names.name} or ${names.option})`);
  return inherited ?? crypto.randomBytes(32).toString('base64');
}
