import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { readProbesFile, readSessionFile } from '../read-session-file-node.js';
import type { BenchmarkDataset, BenchmarkProbe, BenchmarkSession } from './benchmark-types.js';
import { splitByAgent } from './split-by-agent.js';

/** Options of {@link loadDatasets}. */
export interface LoadDatasetsOptions {
  /** Read at most this many session files per data set (for quick runs). */
  maxSessionsPerDataset?: number;
}

const SESSION_SUFFIX = '.session.jsonl';
/** LoCoMo categories scored: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop (5 is adversarial). */
const LOCOMO_CATEGORIES = new Set([1, 2, 3, 4]);

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function sessionFiles(folder: string, limit: number | undefined): Promise<string[]> {
  if (!(await isDirectory(folder))) return [];
  const names = (await readdir(folder)).filter((name) => name.endsWith(SESSION_SUFFIX)).sort();
  return names.slice(0, limit ?? names.length).map((name) => join(folder, name));
}

const stem = (path: string): string => basename(path).slice(0, -SESSION_SUFFIX.length);

async function loadLocomo(folder: string, limit: number | undefined): Promise<BenchmarkSession[]> {
  const sessions: BenchmarkSession[] = [];
  for (const file of await sessionFiles(folder, limit)) {
    const messages = await readSessionFile(file);
    const ids = new Set(messages.map((message) => message.id));
    const probesPath = join(folder, `${stem(file)}.probes.jsonl`);
    const raw = (await stat(probesPath).catch(() => undefined)) ? await readProbesFile(probesPath) : [];
    const probes: BenchmarkProbe[] = [];
    for (const probe of raw) {
      const evidence = probe.evidence.filter((id) => ids.has(id));
      if (probe.answer === undefined || evidence.length === 0 || !LOCOMO_CATEGORIES.has(probe.category ?? 0)) continue;
      probes.push({ id: probe.id, question: probe.question, answer: probe.answer, evidence, atMessageIndex: messages.length });
    }
    sessions.push({ id: stem(file), messages, probes, replay: 'conversation' });
  }
  return sessions;
}

async function loadAgentRuns(folder: string, limit: number | undefined, byAgent: boolean): Promise<BenchmarkSession[]> {
  const sessions: BenchmarkSession[] = [];
  for (const file of await sessionFiles(folder, limit)) {
    const messages = await readSessionFile(file);
    if (!byAgent) {
      sessions.push({ id: stem(file), messages, probes: [], replay: 'agent' });
      continue;
    }
    for (const [agent, context] of splitByAgent(messages)) {
      if (!context.some((message) => message.role === 'assistant')) continue;
      sessions.push({ id: agent === '' ? stem(file) : `${stem(file)}#${agent}`, messages: context, probes: [], replay: 'agent' });
    }
  }
  return sessions;
}

/**
 * Discovers the real data sets in a folder laid out like `../shared/data`: `locomo/*.session.jsonl`
 * with `*.probes.jsonl` (categories 1–4 with an answer and evidence, asked after the whole
 * conversation), `tau-bench-airline/runs/*.session.jsonl`, and `coder-swebench-lite/runs/*.session.jsonl`
 * (one session per agent's own context, by `metadata.agent`). Missing sets are skipped.
 *
 * @param dir - The data folder.
 * @param options - Limits for quick runs.
 * @returns The data sets found, in that order.
 * @throws `SessionFormatError` naming the file and line of a malformed file.
 *
 * @example
 * ```ts
 * const datasets = await loadDatasets('../shared/data');
 * ```
 */
export async function loadDatasets(dir: string, { maxSessionsPerDataset }: LoadDatasetsOptions = {}): Promise<BenchmarkDataset[]> {
  const datasets: BenchmarkDataset[] = [];
  const locomo = await loadLocomo(join(dir, 'locomo'), maxSessionsPerDataset);
  if (locomo.length > 0) datasets.push({ name: 'locomo', description: 'LoCoMo long conversations; evidence recall of probes (categories 1–4) after the whole conversation', sessions: locomo });
  const tau = await loadAgentRuns(join(dir, 'tau-bench-airline', 'runs'), maxSessionsPerDataset, false);
  if (tau.length > 0) datasets.push({ name: 'tau-bench-airline', description: 'tau-bench airline runs (GPT-4o, function calling), replayed turn by turn', sessions: tau });
  const coder = await loadAgentRuns(join(dir, 'coder-swebench-lite', 'runs'), maxSessionsPerDataset, true);
  if (coder.length > 0) datasets.push({ name: 'coder-swebench-lite', description: "CodeR multi-agent SWE-bench Lite runs, each agent's own context replayed turn by turn", sessions: coder });
  return datasets;
}
