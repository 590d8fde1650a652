/**
 * Reading aid for labelling loops by hand (issue 16, second labeller). Prints to the terminal
 * only; nothing of the data is written anywhere.
 *
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/list-loop-unit.ts --units [--data ../shared/data]
 *     every unit: actions, whether the exact-repeat rule (3 in 8) surfaces it, whether the first labeller labelled it
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/list-loop-unit.ts --sample 48 --seed 16
 *     a seeded random sample of the units the first labeller never labelled
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/list-loop-unit.ts --show tau-bench-airline/task000-trial0/
 *     one unit, action by action: tool, short arguments, action hash (×count in the unit), result hash, short result
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { MessageContent } from '@cairn/core';
import { createSeededRandom, hasExactRepeat, listUnitActions } from '../src/index.js';
import { loadLoopUnits } from './load-loop-units.js';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: join(here, '../../../../shared/data') },
    units: { type: 'boolean', default: false },
    sample: { type: 'string' },
    seed: { type: 'string', default: '16' },
    show: { type: 'string', multiple: true },
    width: { type: 'string', default: '110' },
  },
});
const width = Number(values.width);
const first = JSON.parse(readFileSync(join(here, '../src/loops/loop-labels.json'), 'utf8')) as { units: { set: string; run: string; agent: string }[] };
const firstIds = new Set(first.units.map((unit) => `${unit.set}/${unit.run}/${unit.agent}`));
const units = await loadLoopUnits(values.data!, (folder) => process.stdout.write(`(no ${folder})\n`));
const oneLine = (content: MessageContent): string => (typeof content === 'string' ? content : content.map((part) => part.text).join('')).replace(/\s+/g, ' ').trim().slice(0, width);

if (values.units) {
  for (const unit of units) {
    const actions = listUnitActions(unit.messages);
    process.stdout.write(`${unit.id}\t${actions.length}\t${hasExactRepeat(actions) ? 'candidate' : '-'}\t${firstIds.has(unit.id) ? 'first-labelled' : '-'}\n`);
  }
}

if (values.sample !== undefined) {
  const pool = units.filter((unit) => !firstIds.has(unit.id)).map((unit) => unit.id);
  for (const id of createSeededRandom(Number(values.seed)).shuffle(pool).slice(0, Number(values.sample))) process.stdout.write(`${id}\n`);
}

for (const id of values.show ?? []) {
  const unit = units.find((candidate) => candidate.id === id);
  if (!unit) {
    process.stdout.write(`no unit ${id}\n`);
    continue;
  }
  const actions = listUnitActions(unit.messages);
  const counts = new Map<string, number>();
  for (const action of actions) counts.set(action.actionHash, (counts.get(action.actionHash) ?? 0) + 1);
  const byMessage = new Map(unit.messages.map((message) => [message.id, message]));
  const results = new Map(unit.messages.filter((message) => message.role === 'tool').map((message) => [message.toolCallId, message]));
  process.stdout.write(`== ${id}: ${actions.length} actions\n`);
  let lastMessage = '';
  let actionAt = 0;
  for (const message of unit.messages) {
    if (message.role === 'user' && unit.set.startsWith('tau')) process.stdout.write(`   user: ${oneLine(message.content)}\n`);
    if (message.role !== 'assistant') continue;
    for (; actionAt < actions.length && actions[actionAt]!.messageId === message.id; actionAt++) {
      const action = actions[actionAt]!;
      const source = byMessage.get(action.messageId)!;
      const times = counts.get(action.actionHash)! > 1 ? `x${counts.get(action.actionHash)}` : '';
      if (action.kind === 'reply') {
        process.stdout.write(`${String(action.index).padStart(3)} reply  ${action.actionHash}${times.padEnd(4)} ${oneLine(source.content)}\n`);
        continue;
      }
      const call = (source.toolCalls ?? [])[actionAt - actions.findIndex((other) => other.messageId === message.id)]!;
      const args = typeof call.arguments === 'object' && call.arguments !== null && 'command' in call.arguments ? String((call.arguments as { command: unknown }).command) : JSON.stringify(call.arguments);
      const result = results.get(call.id);
      if (lastMessage !== message.id && unit.set.startsWith('coder')) process.stdout.write(`      > ${oneLine(source.content).slice(0, 90)}\n`);
      process.stdout.write(`${String(action.index).padStart(3)} ${action.actionHash}${times.padEnd(4)} ${oneLine(`${call.name === args.split(/\s/)[0] ? '' : `${call.name} `}${args}`).slice(0, 90)}\n          -> ${action.resultHash}${action.isError ? ' ERR' : ''} ${oneLine(result?.content ?? '(no result)').slice(0, 100)}\n`);
      lastMessage = message.id;
    }
  }
}
