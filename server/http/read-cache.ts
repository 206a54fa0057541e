import type { Context } from 'koa';
import type { ContentIndex } from '../content-index/content-index.js';
import { answerEtag } from '../documents/answer-headers.js';
import type { Caller } from '../auth/caller.js';
import { callerOf } from './authorize.js';
import { SecondAsks } from './second-asks.js';

/** An answer as sent, and its entity tag, computed once when the answer is made. */
export interface CachedAnswer {
  readonly text: string;
  readonly etag: string;
  /** Whether the cache took it (every answer `get` gives was). */
  readonly kept: boolean;
}

/**
 * Answers of read routes, as the JSON text sent, kept until the index changes: a repeated read
 * (the same URL, caller and response format) skips parsing, serializing and stringifying.
 * Bounded by total size; a new index (a change, or reloaded schemas) empties it. The ETag is kept
 * with the text, so a cache hit (and its 304) costs no hashing.
 *
 * An answer is kept the second time its key is asked, not the first: a URL asked once (a page of
 * a long list, one document among a million) would only fill the cache, and every answer it holds
 * outlives a few young-generation collections, so it is promoted and later left to a full
 * collection of the whole heap, which at a million documents marks about ten million objects.
 * For the same reason a full cache keeps what it holds: only one answer in 64 it
 * does not hold is kept, in place of the oldest. Clients going round more URLs than it holds (the
 * pages of a long list, asked in turn) would otherwise replace every answer before it is asked
 * again: no answer from the cache, and a full collection every second or two (second-asks.ts).
 */
export interface ReadCache {
  get(ctx: Context, index: ContentIndex): CachedAnswer | undefined;
  /** Tags the text, keeps it when there is room, and answers it. */
  set(ctx: Context, index: ContentIndex, text: string): CachedAnswer;
}

export function createReadCache(maxBytes: number): ReadCache {
  let entries = new Map<string, CachedAnswer>();
  let bytes = 0;
  /** Keys asked once since the index changed (their answers not kept yet), and the rule when full. */
  let asks = new SecondAsks();
  let forIndex: ContentIndex | undefined;
  let forVersion = -1;
  const fresh = (index: ContentIndex): void => {
    if (forIndex === index && forVersion === index.version) return;
    entries = new Map();
    bytes = 0;
    asks = new SecondAsks();
    forIndex = index;
    forVersion = index.version;
  };
  return {
    get(ctx, index) {
      fresh(index);
      return entries.get(keyOf(ctx));
    },
    set(ctx, index, text) {
      fresh(index);
      const answer = { text, etag: answerEtag(text), kept: false };
      if (text.length > maxBytes / 4) return answer;
      const key = keyOf(ctx);
      if (!asks.askedBefore(key)) return answer;
      if (bytes + text.length > maxBytes) {
        if (!asks.admitWhenFull()) return answer;
        // The oldest answers make room (a Map iterates in the order keys were set).
        for (const [oldKey, old] of entries) {
          if (bytes + text.length <= maxBytes) break;
          entries.delete(oldKey);
          bytes -= old.text.length;
        }
      }
      answer.kept = true;
      entries.set(key, answer);
      bytes += text.length;
      return answer;
    },
  };
}

/** Who asks (what they may see differs), in which format, for which URL. */
function keyOf(ctx: Context): string {
  return `${callerKeyOf(ctx)}|${ctx.url}`;
}

/** Who asks (what they may see differs) and in which format: `public|v5`. */
export function callerKeyOf(ctx: Context): string {
  return callerKeyFor(callerOf(ctx), ctx.get('Strapi-Response-Format'));
}

/** The same key from the caller `authorize` let through and the `Strapi-Response-Format` header. */
export function callerKeyFor(caller: Caller | undefined, formatHeader: string | undefined): string {
  const who =
    caller === undefined
      ? 'public'
      : caller.kind === 'api-token'
        ? `token:${caller.token.name}`
        : caller.kind === 'user'
          ? `role:${caller.user.role}`
          : 'public';
  return `${who}|${formatHeader === 'v4' ? 'v4' : 'v5'}`;
}
