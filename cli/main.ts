#!/usr/bin/env node
import { Command, InvalidArgumentError } from 'commander';
import { runServe } from './serve-command.js';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected an integer from 0 to 65535');
  return port;
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
    process.exitCode = await runServe(options);
  });

await program.parseAsync(process.argv);
