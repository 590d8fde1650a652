// What changes in the dead-end brief from one turn to the next, line by line, on the recorded agent
// runs: replays each run the way `cairn billing` does (every turn, no query, fixed token budgets,
// runs at least MIN_RATIO budgets long) and, per turn pair, compares the brief's current lines (the
// brief as shown with its changes message's lines put in, `prefix.briefChanges: 'appended'`) per
// entry (a dead end's call): a new entry, one no longer listed, or a line whose count, status,
// reason or form (whole / short) changed. It prints how many turn pairs changed the brief at all
// and how often each kind of line change occurred.
// Run:
//   npx tsx --conditions=@cairn/source packages/bench/scripts/brief-line-changes-report.ts [DATA_DIR] [BUDGETS] [DATASET_SUBSTRINGS] [ENGINE_OPTIONS_JSON] [MIN_RATIO] [SHOW_EXAMPLES]
import { contentText, createBpeTokenCounter, createContextEngine, type ContextEngineOptions, type ViewMessage } from '@cairn/core';
import { loadDatasets } from '../src/runner/load-datasets.js';
import { createSyntheticDataset } from '../src/runner/synthetic-dataset.js';
import { createCachingTokenCounter } from '../src/runner/caching-token-counter.js';
import { prepareSession } from '../src/runner/prepare-session.js';

const dataDir = process.argv[2] ?? '../shared/data';
const budgets = (process.argv[3] ?? '8000,16000').split(',').map(Number);
const only = (process.argv[4] ?? 'coder').split(',');
const extra = JSON.parse(process.argv[5] ?? '{}') as Partial<ContextEngineOptions>;
const MIN_LENGTH_RATIO = Number(process.argv[6] ?? '3');
const examples = Number(process.argv[7] ?? '0');

const BRIEF = 'cairn:dead-ends';
const entryOf = (line: string): string => {
  const at = line.indexOf(' — ');
  return at >= 0 ? line.slice(0, at) : line;
};
/** A dead-end line's parts: count words, status words (in parentheses), the rest (reason). */
function parts(line: string): { count: string; status: string; reason: string } {
  const rest = line.slice(entryOf(line).length + 3);
  const match = /^(failed once|failed \S+×|\d+ different calls, failed \S+× in all)(?: \(([^)]*)\))?: ([\s\S]*)$/.exec(rest);
  if (!match) return { count: '', status: '', reason: rest };
  return { count: match[1]!, status: match[2] ?? '', reason: match[3]! };
}

function currentLines(view: readonly ViewMessage[]): Map<string, string> {
  const lines = new Map<string, string>();
  for (const message of view) {
    if (message.id !== BRIEF && !message.id.startsWith(`${BRIEF}:changes`)) continue;
    for (const line of contentText(message.content).split('\n')) {
      if (!line.startsWith('- ')) continue;
      if (line.startsWith('- no longer listed: ')) lines.delete(`- ${line.slice('- no longer listed: '.length)}`);
      else lines.set(entryOf(line), line);
    }
  }
  return lines;
}

const counter = createCachingTokenCounter(createBpeTokenCounter());
const synthetic = createSyntheticDataset([
  { kind: 'coding', messages: 600, seed: 2 },
  { kind: 'support', messages: 600, seed: 7 },
  { kind: 'mixed', messages: 900, seed: 3 },
]);
const datasets = [synthetic, ...(await loadDatasets(dataDir))].filter((dataset) => only.some((part) => dataset.name.includes(part)));
for (const dataset of datasets) {
  for (const budget of budgets) {
    const kinds = new Map<string, number>();
    let pairs = 0;
    let changed = 0;
    let shown = 0;
    for (const session of dataset.sessions) {
      if (session.replay !== 'agent') continue;
      const prepared = prepareSession(session, counter, Number.MAX_SAFE_INTEGER);
      if (prepared.cumulativeTokens.at(-1)! < MIN_LENGTH_RATIO * budget) continue;
      const engine = createContextEngine({ ...extra, budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
      let ingested = 0;
      let previous: Map<string, string> | undefined;
      for (const checkpoint of prepared.checkpoints) {
        if (checkpoint.index > ingested) {
          engine.ingest(session.messages.slice(ingested, checkpoint.index));
          ingested = checkpoint.index;
        }
        if (checkpoint.turnPosition === undefined) continue;
        let view: ViewMessage[] = [];
        try {
          view = engine.assemble({}).messages;
        } catch {
          view = [];
        }
        const now = currentLines(view);
        if (previous) {
          pairs++;
          const found: string[] = [];
          for (const [entry, line] of now) {
            const was = previous.get(entry);
            if (was === undefined) found.push('new entry');
            else if (was !== line) {
              const [a, b] = [parts(was), parts(line)];
              const what = [a.count !== b.count ? 'count' : '', a.status !== b.status ? `status ${a.status || '-'} → ${b.status || '-'}` : '', a.reason !== b.reason ? 'reason' : ''].filter(Boolean).join(' + ');
              found.push(what || 'other');
              if (examples > 0 && shown < examples) {
                shown++;
                console.log(`  ${was}\n→ ${line}`);
              }
            }
          }
          for (const entry of previous.keys()) if (!now.has(entry)) found.push('gone');
          if (found.length > 0) changed++;
          for (const kind of found) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        }
        previous = now;
      }
    }
    console.log(`\n## ${dataset.name} @ ${budget}: ${pairs} turn pairs, ${changed} change the brief's current lines`);
    for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`| ${kind} | ${count} |`);
  }
}
