import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UserStore } from '../../server/auth/user-store.js';
import { writeUserFile } from '../../server/store/user-files.js';
import type { ChangeSet } from '../../server/documents/project-port.js';
import { deriveId } from '../../server/content-index/derive-id.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

let project: TempProject;
let warnings: string[];
let store: UserStore;

test.before.each(() => {
  project = createTempProject('auth-users');
  warnings = [];
  // Users only: the user files as the project's commit path writes them.
  const commit = (changes: ChangeSet) => {
    for (const user of changes.users ?? []) writeUserFile(project.dir, user.documentId, user.data!);
  };
  store = new UserStore({ projectDir: project.dir, defaultRole: 'authenticated', warn: (m) => warnings.push(m), commit });
});
test.after.each(() => project.cleanup());

test('users are read from users/<documentId>.json, by id, which derives from createdAt and the documentId', () => {
  const users = store.list();
  assert.equal(
    users.map((u) => u.username),
    ['reader', 'editor', 'blocked'],
  );
  assert.is(users[0]!.id, deriveId(Date.parse('2026-01-10T09:00:00.000Z'), 'k3reader0000000000000001'));
  assert.is(users[1]!.role, 'editor');
  assert.is(users[2]!.blocked, true);
});

test('an empty or missing users folder means no users', () => {
  project.remove('users');
  assert.equal(store.list(), []);
});

const IDENTIFIERS: Array<[string, string, string | undefined]> = [
  ['the username', 'reader', 'reader'],
  ['the email', 'reader@example.com', 'reader'],
  ['the email in another case', 'Reader@Example.COM', 'reader'],
  ['the username in another case (usernames are exact)', 'Reader', undefined],
  ['nobody', 'nobody', undefined],
];
for (const [name, identifier, expected] of IDENTIFIERS) {
  test(`findByIdentifier: ${name} → ${expected ?? 'none'}`, () => {
    assert.is(store.findByIdentifier(identifier)?.username, expected);
  });
}

const TAKEN: Array<[string, string, string, boolean]> = [
  ['a new username and email', 'newbie', 'newbie@example.com', false],
  ['a taken username', 'reader', 'other@example.com', true],
  ['a taken email in another case', 'other', 'READER@example.com', true],
  ['an email that is someone’s username', 'other', 'editor', true],
  ['a username that is someone’s email', 'editor@example.com', 'x@example.com', true],
];
for (const [name, username, email, taken] of TAKEN) {
  test(`isTaken: ${name} → ${taken}`, () => {
    assert.is(store.isTaken(username, email), taken);
  });
}

test('add writes a diff-friendly file with the hash it is given and lower-cases the email', () => {
  const user = store.add({ username: 'Newbie', email: 'New@Example.com', password: '$2b$04$hash', role: 'authenticated' }, '2026-02-01T00:00:00.000Z');
  const file = JSON.parse(project.read(`users/${user.documentId}.json`));
  assert.equal(Object.keys(file), [
    'username',
    'email',
    'provider',
    'password',
    'resetPasswordToken',
    'confirmationToken',
    'confirmed',
    'blocked',
    'role',
    'createdAt',
    'updatedAt',
    'publishedAt',
  ]);
  assert.is(file.email, 'new@example.com');
  assert.is(file.password, '$2b$04$hash');
  assert.match(user.documentId, /^[a-z][a-z0-9]{23}$/);
  assert.is(store.findById(user.id)?.username, 'Newbie');
});

test('a file edited by hand is read again on the next lookup', () => {
  const file = 'users/k3reader0000000000000001.json';
  project.write(file, { ...JSON.parse(project.read(file)), role: 'editor', blocked: true });
  const reader = store.findByIdentifier('reader')!;
  assert.is(reader.role, 'editor');
  assert.is(reader.blocked, true);
});

test('a hand-made file gets defaults: local, confirmed, not blocked, the default role, timestamps from the file', () => {
  project.write('users/hand-made.json', { username: 'hand', email: 'hand@example.com' });
  const user = store.findByIdentifier('hand')!;
  assert.equal(
    { provider: user.provider, confirmed: user.confirmed, blocked: user.blocked, role: user.role, password: user.password },
    { provider: 'local', confirmed: true, blocked: false, role: 'authenticated', password: null },
  );
  assert.is(user.updatedAt, user.createdAt);
});

test('an unreadable file is reported once and skipped; other names are ignored', () => {
  project.write('users/broken.json', '{ nope');
  project.write('users/no-email.json', { username: 'x' });
  project.write('users/Bad Name.json', { username: 'y', email: 'y@example.com' });
  project.write('users/notes.txt', 'hello');
  assert.is(store.list().length, 3);
  assert.is(store.list().length, 3);
  assert.is(warnings.length, 2);
  assert.match(warnings.join('\n'), /users\/broken\.json: .*; this user cannot sign in/);
  assert.match(warnings.join('\n'), /users\/no-email\.json: email: expected a non-empty string, got nothing/);
});

test.run();
