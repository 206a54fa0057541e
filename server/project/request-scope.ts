import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReadOptions } from '../documents/answer-read.js';

/** What a request of the project's routes reads with: the caller's permissions and the answer's format. */
export interface RequestScope {
  readonly read: ReadOptions;
  /** Who asks and in which format, for the read cache (`public|v5`). */
  readonly cacheKey: string;
}

/** The request a controller or service runs for; project code calls services without passing it along. */
export class RequestScopes {
  private readonly storage = new AsyncLocalStorage<RequestScope>();

  run<T>(scope: RequestScope, fn: () => Promise<T>): Promise<T> {
    return this.storage.run(scope, fn);
  }

  /** The current request's scope, if code runs inside one (not in bootstrap or a timer). */
  current(): RequestScope | undefined {
    return this.storage.getStore();
  }
}
