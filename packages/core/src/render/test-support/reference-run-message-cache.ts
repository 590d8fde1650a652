/** The run-message cache taken out (test support): every merged run is rendered and counted afresh, as before the cache. */
import type { SessionLog, TokenCounter, ViewMessage } from '../../log/index.js';

/** Never a kept run. */
export function keptRun(_log: SessionLog, _counter: TokenCounter, _first: number, _last: number): { readonly message: ViewMessage; readonly tokens: number } | undefined {
  return undefined;
}

/** Keeps nothing. */
export function keepRun(_log: SessionLog, _counter: TokenCounter, _first: number, _last: number, _message: ViewMessage, _tokens: number): void {}
