#!/usr/bin/env node
// Each command loads its own code when it runs, so `cms check` does not pay for the server's imports.
import { Command, InvalidArgumentError, Option } from 'commander';
import { CHECK_FORMATS, type CheckFormat } from '../server/check/format-problems.js';
import type { ContentPrefetch } from '../server/store/content-prefetch.js';
import { reportError } from './report-error.js';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected an integer from 0 to 65535');
  return port;
}

/**
 * Runs a command that loads the project with a worker already reading its content: started before
 * the command's modules load, so the reading overlaps the imports.
 */
async function withPrefetch(dir: string, run: (prefetch: ContentPrefetch) => Promise<number>): Promise<number> {
  const prefetch = (await import('../server/store/content-prefetch.js')).ContentPrefetch.start(dir);
  try {
    return await run(prefetch);
  } finally {
    prefetch.close();
  }
}

/** Runs a command: the exit code is what it returns, or reportError's for what it throws (commands print no errors). */
async function run(command: () => number | Promise<number>, failure?: string): Promise<void> {
  try {
    process.exitCode = await command();
  } catch (error) {
    process.exitCode = reportError(error, failure);
  }
}

const program = new Command();
program.name('cms').description('A file-backed headless CMS with a Strapi v5 compatible REST API').version('0.1.0');

program
  .command('serve')
  .description('serve the project over a Strapi v5 compatible REST API, reloading on file changes')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('-p, --port <port>', 'port to listen on (default: 1337, or PORT)', parsePort)
  .option('-H, --host <host>', 'host to bind (default: localhost, or HOST)')
  .option('--no-watch', 'do not watch the files for changes')
  .action(async (options: { dir: string; port?: number; host?: string; watch: boolean }) => {
    await run(() => withPrefetch(options.dir, async (prefetch) => (await import('./serve-command.js')).runServe({ ...options, prefetch })), 'cannot start');
    // Stopped: nothing (a watcher of a folder being deleted …) may keep the process alive.
    process.exit();
  });

program
  .command('export')
  .description('write the API as static JSON files for any static host')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('-o, --out <dir>', 'output folder', 'dist-api')
  .option('--base-path <path>', 'API prefix in the output (default: api.rest.prefix, /api)')
  .option('--status <status>', 'published or draft', 'published')
  .option('--locale <code>', 'locale to export (default: the default locale)')
  .option('--clean', 'remove files an earlier export wrote that are no longer produced', false)
  .option('--all', 'export every content type, not only those the public role may read', false)
  .action(async (options: { dir: string; out: string; basePath?: string; status: string; locale?: string; clean: boolean; all: boolean }) => {
    await run(() => withPrefetch(options.dir, async (prefetch) => (await import('./export-command.js')).runExport({ ...options, prefetch })));
  });

/** Usage errors (unknown or bad options) end `check`, `types`, `new` and `hash-passwords` with exit code 2, as linters do. */
const usageExit = (error: { exitCode: number }): never => process.exit(error.exitCode === 0 ? 0 : 2);

program
  .command('check')
  .description('check every schema and content file; exit code 1 when there are problems')
  .option('-d, --dir <dir>', 'project folder', '.')
  .addOption(new Option('-f, --format <format>', 'output format').choices(CHECK_FORMATS).default('text'))
  .exitOverride(usageExit)
  .action(async (options: { dir: string; format: CheckFormat }) => {
    await run(async () => (await import('./check-command.js')).runCheck(options));
  });

program
  .command('types')
  .description('print TypeScript types of the API answers, or write JSON Schemas of the content files')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('-o, --out <path>', 'file for the TypeScript types (default: stdout); folder for --json-schema (default: <dir>/json-schema)')
  .option('--json-schema', 'write a JSON Schema per content type, for editors', false)
  .exitOverride(usageExit)
  .action(async (options: { dir: string; out?: string; jsonSchema: boolean }) => {
    await run(async () => (await import('./types-command.js')).runTypes(options));
  });

program
  .command('new')
  .description('write a new document file with its required attributes stubbed, and print its path')
  .argument('<type>', 'content type: singular or plural name')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('--id <documentId>', 'documentId (default: a new 24-character id)')
  .option('--set <key=value>', 'an attribute value (repeatable)', (value: string, list: string[]) => [...list, value], [] as string[])
  .option('--locale <code>', 'locale of the document (default: the default locale)')
  .option('--draft', 'a draft (publishedAt null) instead of a published document', false)
  .exitOverride(usageExit)
  .action(async (type: string, options: { dir: string; id?: string; set: string[]; locale?: string; draft: boolean }) => {
    await run(async () => (await import('./new-command.js')).runNew({ ...options, type }));
  });

program
  .command('hash-passwords')
  .description('replace every password attribute held in plain text in content files with its bcrypt hash, in place')
  .option('-d, --dir <dir>', 'project folder', '.')
  .exitOverride(usageExit)
  .action(async (options: { dir: string }) => {
    await run(async () => (await import('./hash-passwords-command.js')).runHashPasswords(options));
  });

const token = program.command('token').description('manage API tokens');
token
  .command('create')
  .description('create an API token: prints it once and stores only its salted hash in cms.config.json')
  .requiredOption('-n, --name <name>', 'a unique name for the token')
  .requiredOption('-t, --type <type>', 'read-only, full-access or custom')
  .option('-e, --expires <when>', 'days (30, 30d) or a date (2027-01-31); default: never')
  .option('--permissions <actions>', 'for custom tokens: comma-separated action ids (api::article.article.find,…)')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('--env', 'print shell exports (CMS_API_TOKENS, API_TOKEN_SALT if unset, CMS_API_TOKEN) instead of writing the config')
  .action(async (options: { dir: string; name: string; type: string; expires?: string; permissions?: string; env?: boolean }) => {
    await run(async () => (await import('./token-command.js')).runTokenCreate(options));
  });

const webhooks = program.command('webhooks').description('webhooks: the delivery log, test events');
webhooks
  .command('log')
  .description('print the last deliveries of cms serve (time, webhook, event, status, duration, try)')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('-n, --limit <count>', 'how many (default 50)', (value: string) => {
    const count = Number(value);
    if (!Number.isInteger(count) || count < 1) throw new InvalidArgumentError('expected a positive integer');
    return count;
  })
  .option('--json', 'print the records as JSON', false)
  .action(async (options: { dir: string; limit?: number; json: boolean }) => {
    await run(async () => (await import('./webhooks-command.js')).runWebhooksLog(options));
  });
webhooks
  .command('test')
  .description("post Strapi's test event (trigger-test) to a webhook and print its answer")
  .argument('<name>', 'the webhook, as named in cms.config.json')
  .option('-d, --dir <dir>', 'project folder', '.')
  .action(async (name: string, options: { dir: string }) => {
    await run(async () => (await import('./webhooks-command.js')).runWebhooksTest({ ...options, name }));
  });

await program.parseAsync(process.argv);
