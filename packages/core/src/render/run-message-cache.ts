import type { SessionLog, TokenCounter, ViewMessage } from '../log/index.js';
import { settledUnits } from './run-contents.js';

/**
 * Merged placeholder runs already rendered, per log, by their first and last unit: a run of
 * settled units (every call answered: such a unit never takes another message, so its ids, calls
 * and failures are final) renders the same message with the same token count whenever it comes
 * back, and a new question's view brings back many of the runs of the old history that an
 * earlier question's view held (the units selected there are few and change little). The message
 * object itself is reused, as a compressed rendering is: view messages are never changed once
 * rendered. Runs that show page ids (`pages.showPageIds`) are not kept (a page id is not a
 * function of the run's units alone). @internal
 */
interface RunMessages {
  readonly counter: TokenCounter;
  readonly runs: Map<number, { readonly message: ViewMessage; readonly tokens: number }>;
  /** Message ids the kept runs list in all (their `sourceIds`), to bound what the cache holds. */
  ids: number;
}

/** Unit indexes below this fit the run key (`first * RUN_KEY + last` stays an exact integer). */
const RUN_KEY = 2 ** 26;

const caches = new WeakMap<SessionLog, RunMessages>();

function cacheOf(log: SessionLog, counter: TokenCounter): RunMessages {
  let cache = caches.get(log);
  if (!cache || cache.counter !== counter) {
    cache = { counter, runs: new Map(), ids: 0 };
    caches.set(log, cache);
  }
  return cache;
}

/**
 * The message and tokens rendered before for the merged run of units `first`..`last` of `log`
 * (counted by `counter`), if it is kept. @internal
 */
export function keptRun(log: SessionLog, counter: TokenCounter, first: number, last: number): { readonly message: ViewMessage; readonly tokens: number } | undefined {
  if (last >= RUN_KEY) return undefined;
  return caches.get(log)?.runs.get(first * RUN_KEY + last);
}

/**
 * Keeps the merged run of units `first`..`last` of `log` as rendered (its message and its exact
 * tokens by `counter`), when every unit of it is settled. The cache holds runs listing at most
 * four times as many ids as the log has messages (then it starts afresh): a few pointers per
 * logged message (a new question's runs list nearly every message once; at 50k messages of the
 * bench session, half of the runs of the next 20 questions were kept with room for eight times,
 * 8% with room for twice). @internal
 */
export function keepRun(log: SessionLog, counter: TokenCounter, first: number, last: number, message: ViewMessage, tokens: number): void {
  if (last >= RUN_KEY || last >= settledUnits(log)) return;
  const cache = cacheOf(log, counter);
  if (cache.ids + message.sourceIds.length > Math.max(4096, 4 * log.entries.length)) {
    cache.runs.clear();
    cache.ids = 0;
  }
  cache.runs.set(first * RUN_KEY + last, { message, tokens });
  cache.ids += message.sourceIds.length;
}
