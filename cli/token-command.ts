import { createApiToken } from '../server/auth/create-api-token.js';
import { listApiTokens } from '../server/auth/list-api-tokens.js';
import { revokeApiToken } from '../server/auth/revoke-api-token.js';

export interface TokenCreateOptions {
  dir: string;
  name: string;
  type: string;
  expires?: string | undefined;
  permissions?: string | undefined;
  env?: boolean | undefined;
}

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

const consoleOutput: CommandOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/**
 * `cms token create`: prints the new token once, alone on stdout (so `$(cms token create …)`
 * captures it), and says on stderr where its hash went. With `--env`, prints shell `export` lines
 * instead and writes nothing. A bad option is a UserError, and nothing is written.
 */
export function runTokenCreate(options: TokenCreateOptions, output: CommandOutput = consoleOutput, env: NodeJS.ProcessEnv = process.env): number {
  const permissions = options.permissions
    ?.split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const created = createApiToken(
    { dir: options.dir, name: options.name, type: options.type, expires: options.expires, permissions, toEnvironment: options.env },
    env,
  );
  const { entry } = created;
  for (const note of created.notes) output.err(note);
  const expiry = entry.expiresAt === null ? 'no expiry' : `expires ${entry.expiresAt}`;
  if (created.environment !== undefined) {
    for (const [name, value] of Object.entries(created.environment)) output.out(`export ${name}=${shellQuote(value)}`);
    output.out(`export CMS_API_TOKEN=${created.token}`);
    output.err(`API token "${entry.name}" (${entry.type}, ${expiry}): start the server with these variables; the token is in CMS_API_TOKEN.`);
  } else {
    output.out(created.token);
    output.err(`API token "${entry.name}" (${entry.type}, ${expiry}) added to cms.config.json. Copy it now: it is not shown again.`);
  }
  return 0;
}

/** `cms token list`: one line per token (name, type, expiry, permissions, where it is configured), never a hash; `--json` for scripts. */
export function runTokenList(
  options: { dir: string; json?: boolean | undefined },
  output: CommandOutput = consoleOutput,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const tokens = listApiTokens(options.dir, env);
  if (options.json) {
    output.out(JSON.stringify(tokens, null, 2));
    return 0;
  }
  if (tokens.length === 0) {
    output.err('no API tokens (create one with `cms token create --name <name> --type read-only`)');
    return 0;
  }
  const rows = tokens.map((token) => [
    token.name,
    token.type,
    token.expiresAt === null ? 'never expires' : `${token.expired ? 'expired' : 'expires'} ${token.expiresAt.slice(0, 10)}`,
    token.type === 'custom' ? token.permissions.join(',') : '',
    token.source === 'CMS_API_TOKENS' ? '(CMS_API_TOKENS)' : '',
  ]);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    output.out(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  return 0;
}

/** `cms token revoke <name>`: removes the token from cms.config.json; a running server refuses it from its next request. */
export function runTokenRevoke(options: { dir: string; name: string }, output: CommandOutput = consoleOutput, env: NodeJS.ProcessEnv = process.env): number {
  revokeApiToken(options.dir, options.name, env);
  output.err(`API token "${options.name}" removed from cms.config.json: it no longer works, on a running server too.`);
  return 0;
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
