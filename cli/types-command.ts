import path from 'node:path';
import { loadSchemas } from '../server/store/load-schemas.js';
import { writeOutputFile } from '../server/store/output-folder.js';
import { generateJsonSchema, jsonSchemaFileMatch } from '../server/types/generate-json-schema.js';
import { generateTypeScript } from '../server/types/generate-typescript.js';

export interface TypesOptions {
  dir: string;
  /** A file for the TypeScript types (default: stdout), or a folder for JSON Schemas (default: <dir>/json-schema). */
  out?: string | undefined;
  jsonSchema: boolean;
}

/** `cms types`: TypeScript types of the API answers, or `--json-schema`: JSON Schemas of the content files. */
export function runTypes(options: TypesOptions): number {
  const registry = loadSchemas(path.resolve(options.dir));
  if (!options.jsonSchema) {
    const text = generateTypeScript(registry);
    if (options.out === undefined) process.stdout.write(text);
    else {
      writeOutputFile(options.out, text);
      process.stdout.write(`wrote ${options.out}\n`);
    }
    return 0;
  }

  // Every registry has a content type, so the first write creates the folder.
  const outDir = options.out ?? path.join(options.dir, 'json-schema');
  const settings: { fileMatch: string[]; url: string }[] = [];
  for (const type of [...registry.contentTypes.values()].sort((a, b) => (a.singularName < b.singularName ? -1 : 1))) {
    const file = path.join(outDir, `${type.singularName}.schema.json`);
    writeOutputFile(file, `${JSON.stringify(generateJsonSchema(registry, type), null, 2)}\n`);
    const url = path.relative(path.resolve(options.dir), path.resolve(file)).split(path.sep).join('/');
    settings.push({ fileMatch: jsonSchemaFileMatch(type), url: url.startsWith('.') ? url : `./${url}` });
  }
  process.stdout.write(
    `wrote ${settings.length} JSON Schemas to ${outDir}\n` +
      `For VS Code, add to .vscode/settings.json of the project:\n${JSON.stringify({ 'json.schemas': settings }, null, 2)}\n`,
  );
  return 0;
}
