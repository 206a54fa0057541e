import path from 'node:path';
import { generateOpenApi } from '../server/openapi/generate-openapi.js';
import { loadConfig } from '../server/store/load-config.js';
import { loadSchemas } from '../server/store/load-schemas.js';
import { writeOutputFile } from '../server/store/output-folder.js';

export interface OpenApiOptions {
  dir: string;
  /** A file for the document (default: stdout). */
  out?: string | undefined;
}

/** `cms openapi`: the OpenAPI 3.1 document of the project's Content API, as `GET /openapi.json` serves it. */
export function runOpenApi(options: OpenApiOptions): number {
  const dir = path.resolve(options.dir);
  const text = `${JSON.stringify(generateOpenApi(loadSchemas(dir), loadConfig(dir, { watch: false })), null, 2)}\n`;
  if (options.out === undefined) process.stdout.write(text);
  else {
    writeOutputFile(options.out, text);
    process.stdout.write(`wrote ${options.out}\n`);
  }
  return 0;
}
