import { createContextEngine, restoreContextEngine, type CairnMessage } from '@cairn/core';

/**
 * The same idea on a bare engine (no store): branch from an earlier turn (`{ turn }`, found
 * through the window comonad), then snapshot the engine with the branch still open and restore it
 * to show the branch comes back.
 */
export function engineBranches(): void {
  const engine = createContextEngine({ sessionId: 'trip', budget: 4_000 });
  const turns: CairnMessage[] = [
    { id: 'u1', role: 'user', content: 'Book me a flight to Lisbon on 3 May.' },
    { id: 'a1', role: 'assistant', content: 'TP1351 at 09:40 is the cheapest direct flight.' },
    { id: 'u2', role: 'user', content: 'Book it, window seat.' },
    { id: 'a2', role: 'assistant', content: 'Booked TP1351, seat 14A.' },
  ];
  engine.ingest(turns);
  // What if the user had asked for a train instead? Explore from the end of turn 0.
  const train = engine.branch('by-train', { turn: 0 });
  train.ingest({ id: 'bu', role: 'user', content: 'Actually, is there a train instead?' });
  console.log(`engine branch ${train.path.join('/')}: forked at turn ${train.origin.position} (${train.forkAt} messages shared), origin turn 0 = "${String(train.origin.seek(0).extract().messages[0]!.content)}"`);
  const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())));
  const again = restored.openBranch('by-train');
  console.log(`after snapshot + restore: ${restored.listBranches().map((branch) => `${branch.name} (${branch.status})`).join(', ')}; it holds ${again.getMessages().length} messages, the last "${String(again.getMessages().at(-1)!.content)}"`);
  again.discard();
}
