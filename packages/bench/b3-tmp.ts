import { blindLoopEpisode3 } from './src/loops/blind-loop-episodes-3.js';
for (const i of process.argv.slice(2).map(Number)) {
  const e = blindLoopEpisode3(i);
  console.log('=====', e.id, e.kind, e.loop, e.borderline, e.repeats, e.note);
  for (const m of e.messages.slice(1)) console.log(`[${m.role}${m.toolCalls ? ' ' + m.toolCalls[0]!.name + ' ' + JSON.stringify(m.toolCalls[0]!.arguments).slice(0, 160) : ''}${m.isError ? ' ERR' : ''}] ${String(m.content).slice(0, 230).replace(/\n/g, ' | ')}`);
}
