import { DEFAULT_LOOP_REPEATS, DEFAULT_LOOP_WINDOW, DEFAULT_STALL_SETTINGS, detectStallLoop, hashAssistantTurn, type AssistantTurnHashes, type CairnMessage } from '@cairn/core';
import { blindLoopEpisodes } from '../src/index.js';
import { loadLoopUnits } from './load-loop-units.js';
const ids = process.argv.slice(2); (globalThis as any).STALL_DEBUG = process.env.STALL_DEBUG;
const units = [...(await loadLoopUnits('/work/shared/data', () => {})), ...blindLoopEpisodes().map((e) => ({ id: `${e.id}:${e.kind}`, messages: e.messages }))];
const text = (m: CairnMessage) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text).join('')).replace(/\s+/g, ' ');
for (const unit of units.filter((u) => ids.some((id) => u.id.includes(id)))) {
  console.log(`== ${unit.id}`);
  const results = new Map<string, CairnMessage>();
  for (const m of unit.messages) if (m.role === 'tool' && m.toolCallId) results.set(m.toolCallId, m);
  const turns: AssistantTurnHashes[] = [];
  let prompt: CairnMessage[] = [];
  for (const m of unit.messages) {
    if (m.role === 'user') { prompt.push(m); console.log(`   user: ${text(m).slice(0, 160)}`); }
    if (m.role !== 'assistant') continue;
    turns.push(hashAssistantTurn(m, (m.toolCalls ?? []).map((c) => results.get(c.id)), { terms: true, prompt }));
    prompt = [];
    const t = turns[turns.length - 1]!;
    const loop = detectStallLoop(turns.slice(-DEFAULT_LOOP_WINDOW), { window: DEFAULT_LOOP_WINDOW, repeats: DEFAULT_LOOP_REPEATS, ...DEFAULT_STALL_SETTINGS });
    const calls = (m.toolCalls ?? []).map((c) => `${c.name} ${JSON.stringify(c.arguments).slice(0, 80)} -> ${text(results.get(c.id) ?? { id: '', role: 'tool', content: '' }).slice(0, 60)}`).join(' | ');
    console.log(`${loop ? `STUCK(${loop.kind} ${loop.count})` : '        '} ${m.id.slice(-8)} acts=${(t.contentActs ?? []).join(',')} vals=${t.contentValues.join(',')} ${calls || text(m).slice(0, 200)}`);
  }
}
