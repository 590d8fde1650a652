/**
 * The units of the shared agent runs that the loop-detection labels speak of: one tau-bench
 * airline run, or one agent of a CodeR run (by `metadata.agent`). Shared by the loop scripts.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CairnMessage } from '@cairn/core';
import { readSessionFile, splitByAgent } from '../src/index.js';

/** One unit: `set/run/agent` (agent `''` for tau-bench) and its messages. */
export interface LoopUnit {
  id: string;
  set: string;
  run: string;
  agent: string;
  messages: CairnMessage[];
}

/** The sets read, in this order. */
export const LOOP_UNIT_SETS = ['tau-bench-airline', 'coder-swebench-lite'] as const;

/**
 * Reads every unit of the sets present under `data` (a missing set is reported and skipped).
 *
 * @param data - The shared data folder.
 * @param onMissing - Called with the folder of a set that is not there.
 * @returns The units, by set, run file name and agent order.
 */
export async function loadLoopUnits(data: string, onMissing: (folder: string) => void = () => {}): Promise<LoopUnit[]> {
  const units: LoopUnit[] = [];
  for (const set of LOOP_UNIT_SETS) {
    const folder = join(data, set, 'runs');
    if (!existsSync(folder)) {
      onMissing(folder);
      continue;
    }
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.session.jsonl')).sort()) {
      const run = file.slice(0, -'.session.jsonl'.length);
      const messages = await readSessionFile(join(folder, file));
      const agents = set.startsWith('coder') ? splitByAgent(messages) : new Map([['', messages]]);
      for (const [agent, own] of agents) units.push({ id: `${set}/${run}/${agent}`, set, run, agent, messages: own });
    }
  }
  return units;
}
