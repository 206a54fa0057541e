import assert from 'node:assert/strict';
import { test } from 'uvu';
import { AdminSessions, isCsrfToken } from '../../server/admin/admin-sessions.js';

test('a session is found by its cookie value until it has been idle for 8 hours', () => {
  const sessions = new AdminSessions();
  const { id, session } = sessions.create('admin1', 0);
  assert.equal(sessions.find(id, 1000)?.adminId, 'admin1');
  // Each use extends it.
  assert.ok(sessions.find(id, 7 * 3600_000));
  assert.ok(sessions.find(id, 14 * 3600_000));
  assert.equal(sessions.find(id, 23 * 3600_000), undefined);
  assert.equal(sessions.find(id, 23 * 3600_000 + 1), undefined);
  assert.equal(session.adminId, 'admin1');
});

test('ids and CSRF tokens are random, unguessable and bound to their session', () => {
  const sessions = new AdminSessions();
  const a = sessions.create('admin1', 0);
  const b = sessions.create('admin1', 0);
  assert.notEqual(a.id, b.id);
  assert.ok(a.id.length >= 43);
  assert.ok(isCsrfToken(a.session, a.session.csrfToken));
  assert.ok(!isCsrfToken(a.session, b.session.csrfToken));
  assert.ok(!isCsrfToken(a.session, undefined));
  assert.ok(!isCsrfToken(a.session, ''));
  assert.equal(sessions.find('x'.repeat(500), 0), undefined);
  assert.equal(sessions.find(undefined, 0), undefined);
});

test('sign-out and removing an administrator end their sessions', () => {
  const sessions = new AdminSessions();
  const a = sessions.create('admin1', 0);
  const b = sessions.create('admin2', 0);
  const c = sessions.create('admin2', 0);
  sessions.destroy(a.id);
  assert.equal(sessions.find(a.id, 1), undefined);
  sessions.destroyFor('admin2');
  assert.equal(sessions.find(b.id, 1), undefined);
  assert.equal(sessions.find(c.id, 1), undefined);
});

test.run();
