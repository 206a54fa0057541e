import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** One signed-in administrator: who, the CSRF token bound to the session, and when it ends. */
export interface AdminSession {
  readonly adminId: string;
  readonly csrfToken: string;
  expiresAt: number;
}

/** A session lasts this long after its last use. */
const IDLE_MS = 8 * 60 * 60 * 1000;
/** Sessions kept at most; the oldest go first. */
const MAX_SESSIONS = 10_000;

/**
 * Server-side sessions, in memory: the cookie carries a random id (32 bytes), the map keeps only
 * its SHA-256, so a heap dump holds no usable cookie. A restart signs everyone out.
 */
export class AdminSessions {
  readonly #sessions = new Map<string, AdminSession>();

  /** Starts a session; the id to put in the cookie. */
  create(adminId: string, now: number): { id: string; session: AdminSession } {
    const id = randomBytes(32).toString('base64url');
    const session = { adminId, csrfToken: randomBytes(32).toString('base64url'), expiresAt: now + IDLE_MS };
    this.#sessions.set(hashId(id), session);
    while (this.#sessions.size > MAX_SESSIONS) {
      const oldest = this.#sessions.keys().next();
      if (oldest.done === true) break;
      this.#sessions.delete(oldest.value);
    }
    return { id, session };
  }

  /** The live session of a cookie value, extended; undefined when unknown or expired. */
  find(id: string | undefined, now: number): AdminSession | undefined {
    if (id === undefined || id.length > 100) return undefined;
    const key = hashId(id);
    const session = this.#sessions.get(key);
    if (session === undefined) return undefined;
    if (session.expiresAt <= now) {
      this.#sessions.delete(key);
      return undefined;
    }
    session.expiresAt = now + IDLE_MS;
    return session;
  }

  /** Whether a cookie value names a live session, without extending it (an open event stream is no activity). */
  isLive(id: string, now: number): boolean {
    const session = this.#sessions.get(hashId(id));
    return session !== undefined && session.expiresAt > now;
  }

  destroy(id: string | undefined): void {
    if (id !== undefined) this.#sessions.delete(hashId(id));
  }

  /** Ends every session of an administrator (blocked, removed). */
  destroyFor(adminId: string): void {
    for (const [key, session] of this.#sessions) if (session.adminId === adminId) this.#sessions.delete(key);
  }
}

/** Whether a request's CSRF header is the session's token (constant time). */
export function isCsrfToken(session: AdminSession, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(session.csrfToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

function hashId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}
