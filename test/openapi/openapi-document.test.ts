import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveConfig } from '../../server/config/resolve-config.js';
import { generateOpenApi } from '../../server/openapi/generate-openapi.js';
import { loadConfig } from '../../server/store/load-config.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

async function validate(document: unknown): Promise<void> {
  const result = await new Validator().validate(document as Parameters<Validator['validate']>[0]);
  assert.ok(result.valid, JSON.stringify(result.errors, null, 2));
}

test('the documents of the fixture projects are valid OpenAPI 3.1', async () => {
  for (const fixture of ['blog', 'kitchen-sink', 'i18n', 'relations', 'query-types']) {
    const dir = path.join(FIXTURES_DIR, fixture);
    const document = generateOpenApi(loadSchemas(dir), loadConfig(dir, { watch: false }, {}));
    assert.is(document['openapi'], '3.1.0', fixture);
    await validate(document);
  }
});

test('every route of every type is listed, with its parameters, answers, errors and who may call it', () => {
  const dir = path.join(FIXTURES_DIR, 'blog');
  const document = generateOpenApi(loadSchemas(dir), loadConfig(dir, { watch: false }, {})) as any;
  const paths = document.paths;
  for (const route of ['/articles', '/articles/{documentId}', '/authors', '/authors/{documentId}', '/categories', '/categories/{documentId}', '/homepage']) {
    assert.ok(paths[route], route);
  }
  assert.equal(Object.keys(paths['/articles']), ['get', 'post']);
  assert.equal(Object.keys(paths['/articles/{documentId}']), ['get', 'put', 'delete']);
  assert.equal(Object.keys(paths['/homepage']), ['get', 'put', 'delete']);
  const list = paths['/articles'].get;
  assert.equal(
    list.parameters.map((p: any) => p.name),
    ['fields', 'populate', 'filters', 'pLevel', 'pIgnore', 'sort', '_q', 'pagination', 'status'],
  );
  assert.is(list['x-cms-action'], 'api::article.article.find');
  assert.equal(list.security, [{}, { bearerAuth: [] }], 'the blog lets the public role read');
  assert.ok(list.responses['304'] && list.responses['200'].headers.ETag);
  assert.is(list.responses['404'].$ref, '#/components/responses/NotFound');
  assert.equal(paths['/upload/files'].get.security, [{}, { bearerAuth: [] }]);
  assert.equal(paths['/users/me'].get.security, [{ bearerAuth: [] }], 'only the signed-in');
  assert.ok(paths['/auth/local'].post && paths['/i18n/locales'].get && paths['/upload'].post);
  const article = document.components.schemas.Article;
  assert.equal(article.properties.author, {
    description: 'Only with populate',
    anyOf: [{ $ref: '#/components/schemas/Author' }, { type: 'null' }, { $ref: '#/components/schemas/StrapiRelationCount' }],
  });
  assert.equal(article.properties.cover, { description: 'Only with populate', anyOf: [{ $ref: '#/components/schemas/StrapiMedia' }, { type: 'null' }] });
  assert.is(article.properties.blocks.items.oneOf.length, 3);
  assert.equal(article.properties.blocks.items.oneOf[0].allOf[0].properties.__component, { const: 'shared.quote' });
  assert.is(document.components.securitySchemes.bearerAuth.scheme, 'bearer');
});

test('GET /openapi.json serves the same document; off with openapi.enabled false and by default in production', async () => {
  let server: TestServer = await startTestServer('blog');
  try {
    const served = await server.get('/openapi.json');
    assert.is(served.status, 200);
    const dir = server.project.dir;
    assert.equal(served.body, generateOpenApi(loadSchemas(dir), loadConfig(dir, { watch: false }, {})));
    assert.is((await server.get('/openapi.json', { 'If-None-Match': served.headers.get('etag')! })).status, 304);
  } finally {
    await server.close();
  }
  server = await startTestServer('blog', {
    prepare: (project) => project.write('cms.config.json', { ...JSON.parse(project.read('cms.config.json')), openapi: { enabled: false } }),
  });
  try {
    assert.is((await server.get('/openapi.json')).status, 404);
  } finally {
    await server.close();
  }
  const config = (env: NodeJS.ProcessEnv, text?: string) => resolveConfig({ root: os.tmpdir(), text, overrides: {}, env });
  assert.is(config({}).openapi.enabled, true);
  assert.is(config({ NODE_ENV: 'production' }).openapi.enabled, false);
  assert.is(config({ NODE_ENV: 'production' }, '{"openapi":{"enabled":true}}').openapi.enabled, true);
});

test('cms openapi --out writes the document', async () => {
  const { runOpenApi } = await import('../../cli/openapi-command.js');
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cms-openapi-')), 'openapi.json');
  const dir = path.join(FIXTURES_DIR, 'blog');
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    assert.is(runOpenApi({ dir, out }), 0);
  } finally {
    process.stdout.write = write;
  }
  assert.equal(JSON.parse(fs.readFileSync(out, 'utf8')), generateOpenApi(loadSchemas(dir), loadConfig(dir, { watch: false }, {})));
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
});

test.run();
