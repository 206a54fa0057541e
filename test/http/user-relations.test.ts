import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkProject } from '../../server/check/check-project.js';
import type { FileError } from '../../server/errors/file-error.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { generateTypeScript } from '../../server/types/generate-typescript.js';
import { TOKENS, USERS, bearer, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';

// A content type may relate to plugin::users-permissions.user (an article's owner): populated as
// the sanitized user, only for callers who may find users, written by id or documentId, checked by
// `cms check`, typed by `cms types`, and kept fresh when users/ changes on disk.
ignoreAuthEnvironment();

const USER_KEYS = ['id', 'documentId', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt', 'publishedAt'];
const ARTICLE = 'dwskr8keskm6eso8drwmjp4i';
const ARTICLE_PATH = `content/articles/${ARTICLE}.json`;
const FULL = bearer(TOKENS.fullAccess);
const ARTICLES_ONLY = bearer(TOKENS.custom);

/** The blog fixture with an `owner` relation on articles, one article owned by the editor. */
function addOwner(project: TempProject): void {
  const schemaPath = 'schemas/article.json';
  const schema = JSON.parse(project.read(schemaPath)) as { attributes: Record<string, unknown> };
  schema.attributes['owner'] = { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user' };
  project.write(schemaPath, schema);
  const article = JSON.parse(project.read(ARTICLE_PATH)) as Record<string, unknown>;
  project.write(ARTICLE_PATH, { ...article, owner: USERS.editor.documentId });
}

let server: TestServer;

test.before(async () => {
  server = await startTestServer('blog', {
    watch: true,
    prepare: (project) => {
      prepareAuthProject(project, {
        permissions: { public: ['api::article.article.find', 'api::article.article.findOne'] },
        customPermissions: ['api::article.article.find', 'api::article.article.findOne'],
      });
      addOwner(project);
    },
  });
});
test.after(async () => {
  await server?.close();
});

function assertNoSecrets(text: string): void {
  for (const secret of ['"password"', '$2b$', 'resetPasswordToken', 'reset-editor', 'confirmationToken', '"role"']) {
    assert.not.ok(text.includes(secret), `the answer shows ${secret}: ${text}`);
  }
}

async function ownerOf(documentId: string, headers: Record<string, string>): Promise<unknown> {
  const response = await server.get(`/api/articles/${documentId}?populate[owner]=true`, headers);
  assert.is(response.status, 200, response.text);
  return response.body.data.owner;
}

test('populate of a relation to a user answers the sanitized user, as /api/users shows it', async () => {
  const owner = (await ownerOf(ARTICLE, FULL)) as Record<string, unknown>;
  assert.equal(Object.keys(owner), USER_KEYS);
  assert.is(owner['username'], 'editor');
  assert.is(owner['documentId'], USERS.editor.documentId);
  const listed = await server.get('/api/users?filters[username]=editor', FULL);
  assert.equal(owner, listed.body[0], 'the same user, the same numeric id');
  const star = await server.get(`/api/articles/${ARTICLE}?populate=*`, FULL);
  assert.equal(star.body.data.owner, owner);
  assertNoSecrets(star.text);
});

test('a caller who may not find users gets no owner key, and cannot filter or sort on it', async () => {
  const response = await server.get(`/api/articles/${ARTICLE}?populate[owner]=true`, ARTICLES_ONLY);
  assert.is(response.status, 200);
  assert.not.ok('owner' in response.body.data);
  const publicAnswer = await server.get(`/api/articles/${ARTICLE}?populate=*`);
  assert.is(publicAnswer.status, 200);
  assert.not.ok('owner' in publicAnswer.body.data);
  const filtered = await server.get('/api/articles?filters[owner][username][$eq]=editor', ARTICLES_ONLY);
  assert.is(filtered.status, 400);
  assert.is(filtered.body.error.message, 'Invalid key owner');
});

test('filters and sort through the relation reach the user columns, never the private ones', async () => {
  const filtered = await server.get('/api/articles?filters[owner][username][$eq]=editor&fields[0]=title', FULL);
  assert.is(filtered.status, 200);
  assert.equal(
    filtered.body.data.map((article: { documentId: string }) => article.documentId),
    [ARTICLE],
  );
  const byEmail = await server.get('/api/articles?filters[owner][email][$containsi]=EDITOR&fields[0]=title', FULL);
  assert.is(byEmail.body.data.length, 1);
  for (const key of ['password', 'resetPasswordToken', 'role']) {
    const response = await server.get(`/api/articles?filters[owner][${key}][$notNull]=true`, FULL);
    assert.is(response.status, 400, `filter on ${key}: ${response.text}`);
  }
  const sorted = await server.get('/api/articles?sort=owner.username&fields[0]=title', FULL);
  assert.is(sorted.status, 200, sorted.text);
});

test('a write links a user by numeric id or documentId; the file holds the documentId', async () => {
  const reader = (await server.get('/api/users?filters[username]=reader', FULL)).body[0] as { id: number };
  const byId = await server.request('PUT', `/api/articles/${ARTICLE}?populate[owner]=true`, { body: { data: { owner: reader.id } }, headers: FULL });
  assert.is(byId.status, 200, byId.text);
  assert.is(byId.body.data.owner.username, 'reader');
  assert.is(JSON.parse(server.project.read(ARTICLE_PATH))['owner'], USERS.reader.documentId);
  const byDocumentId = await server.request('PUT', `/api/articles/${ARTICLE}?populate[owner]=true`, {
    body: { data: { owner: { connect: [USERS.editor.documentId] } } },
    headers: FULL,
  });
  assert.is(byDocumentId.status, 200, byDocumentId.text);
  assert.is(byDocumentId.body.data.owner.username, 'editor');
  assertNoSecrets(byDocumentId.text);
});

test('a user registered through the API is a relation target at once', async () => {
  const registered = await server.request('POST', '/api/auth/local/register', {
    body: { username: 'newcomer', email: 'newcomer@example.com', password: 'newcomer-password' },
  });
  assert.is(registered.status, 200, registered.text);
  const id = registered.body.user.id as number;
  const response = await server.request('PUT', `/api/articles/${ARTICLE}?populate[owner]=true`, { body: { data: { owner: id } }, headers: FULL });
  assert.is(response.status, 200, response.text);
  assert.is(response.body.data.owner.username, 'newcomer');
  assert.is(response.body.data.owner.id, id);
});

test('a user file edited or removed on disk changes the populated owner', async () => {
  await server.request('PUT', `/api/articles/${ARTICLE}`, { body: { data: { owner: USERS.editor.documentId } }, headers: FULL });
  const file = `users/${USERS.editor.documentId}.json`;
  const user = JSON.parse(server.project.read(file)) as Record<string, unknown>;
  server.project.write(file, { ...user, username: 'renamed-editor' });
  const renamed = await eventually(
    () => ownerOf(ARTICLE, FULL),
    (owner) => (owner as { username?: string } | null)?.username === 'renamed-editor',
  );
  assert.is((renamed as { username: string }).username, 'renamed-editor');
  server.project.remove(file);
  const gone = await eventually(
    () => ownerOf(ARTICLE, FULL),
    (owner) => owner === null,
  );
  assert.is(gone, null);
});

test('cms check: an owner that names no user is a dangling relation; a known one is clean', async () => {
  const project = createTempProject('blog');
  try {
    fs.cpSync(path.join(FIXTURES_DIR, 'auth-users'), project.dir, { recursive: true });
    addOwner(project);
    const clean = await checkProject(project.dir, { workers: 1 });
    assert.equal(
      clean.problems.filter((problem) => problem.rule === 'dangling-relation'),
      [],
    );
    const article = JSON.parse(project.read(ARTICLE_PATH)) as Record<string, unknown>;
    project.write(ARTICLE_PATH, { ...article, owner: 'nosuchuser00000000000000' });
    const dangling = (await checkProject(project.dir, { workers: 1 })).problems.filter((problem) => problem.rule === 'dangling-relation');
    assert.is(dangling.length, 1);
    assert.is(dangling[0]!.file, ARTICLE_PATH);
    assert.match(dangling[0]!.message, /users\/nosuchuser00000000000000/);
  } finally {
    project.cleanup();
  }
});

test('cms types: the owner is a StrapiUser', () => {
  const project = createTempProject('blog');
  try {
    addOwner(project);
    const text = generateTypeScript(loadSchemas(project.dir));
    assert.match(text, /owner\?: StrapiUser \| null;/);
    assert.match(text, /export interface StrapiUser \{/);
    assert.not.match(text, /password/);
  } finally {
    project.cleanup();
  }
});

test('a relation to users with an inverse side is refused with the schema file named', () => {
  const project = createTempProject('blog');
  try {
    const schema = JSON.parse(project.read('schemas/article.json')) as { attributes: Record<string, unknown> };
    schema.attributes['owner'] = { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user', inversedBy: 'articles' };
    project.write('schemas/article.json', schema);
    try {
      loadSchemas(project.dir);
      assert.unreachable('the schema loaded');
    } catch (error) {
      assert.match((error as FileError).format(), /^schemas\/article\.json: attribute "owner": relations to plugin::users-permissions\.user must be one-way/);
    }
  } finally {
    project.cleanup();
  }
});

test.run();
