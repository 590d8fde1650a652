import type { ViewMessage } from '@cairn/core';

/** What a view names that `consult` takes: single ids, and runs as `from..to` ranges. */
export interface NamedIds {
  /** Ids of single placeholders and compressed messages (`id=…`). */
  singles: string[];
  /** Placeholder runs, as `from..to`. */
  ranges: string[];
}

const SINGLE = /^\[cairn:(?:placeholder|compressed|summary) id=("(?:[^"\\]|\\.)*"|[^\s\]]+)/;
const RUN = /^\[cairn:placeholder from=("(?:[^"\\]|\\.)*"|\S+) to=("(?:[^"\\]|\\.)*"|\S+) count=/;

function field(value: string): string {
  return value.startsWith('"') ? (JSON.parse(value) as string) : value;
}

/**
 * The ids a cairn view names in its markers, as a model reads them: `[cairn:placeholder id=…]`,
 * `[cairn:compressed id=…]` and runs `[cairn:placeholder from=… to=… count=…]`.
 *
 * @param view - A cairn view.
 * @returns The single ids and the run ranges, in view order.
 */
export function namedIds(view: readonly ViewMessage[]): NamedIds {
  const singles: string[] = [];
  const ranges: string[] = [];
  for (const message of view) {
    if (message.fidelity === 'full' || typeof message.content !== 'string') continue;
    const run = RUN.exec(message.content);
    if (run) {
      ranges.push(`${field(run[1]!)}..${field(run[2]!)}`);
      continue;
    }
    const single = SINGLE.exec(message.content);
    if (single) singles.push(field(single[1]!));
  }
  return { singles, ranges };
}
