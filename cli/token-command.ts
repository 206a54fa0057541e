import { createApiToken } from '../server/auth/create-api-token.js';

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

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
