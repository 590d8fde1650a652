import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7 } from '../blind-set-7/family.js';
import type { Family8 } from './family.js';

/** Game-playing kinds invented for the eighth blind set. */
export const GAME_NOVEL_KINDS_8 = ['loop:game-wall-bump-turn-counter', 'loop:game-plan-restated-turn-unplayed', 'work:game-corridor-north-new-room'] as const;

/** One kind of {@link GAME_NOVEL_KINDS_8}. */
export type GameNovelKind8 = (typeof GAME_NOVEL_KINDS_8)[number];

const ADVENTURE = 'You are playing a text adventure. Tools: move({ direction }), look(), take({ item }). Reach the tower and bring back the lantern. The game prints the scene, then a status line.';
const STRATEGY = 'You are playing a turn-based card game against another agent. Tools: play_card({ card, target }), end_turn(). The host tells you when it is your turn. Explain your plan briefly, then act.';

/** The agent walks north into the same wall again and again; only the turn counter moves. */
const wallBumpTurnCounter: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const score = random.int(10, 60);
  const turn = random.int(8, 30);
  openAgent7(log, ADVENTURE, 'You stand in the courtyard. A gate is to the east; the tower rises beyond the north wall.', 'game');
  const texts = ['The tower is north; heading north.', 'Blocked. Trying north again.', 'Heading north toward the tower.', 'North once more.', 'Moving north.', 'North.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('move', { direction: 'north' }, `You walk into the mossy north wall. It does not give.\nCourtyard. Exits: east.\n[Turn ${turn + round} · Score ${score} · Lantern: no]`, { text: nth7(texts, round) }));
  }
  log.call('move', { direction: 'east' }, `You pass through the gate onto a path that curves north.\n[Turn ${turn + repeats} · Score ${score} · Lantern: no]`);
  return { repeats, evidenceIds, note: `The identical move north ${repeats} times; each answer is the same wall and the same "Exits: east" — only the turn counter goes up by one. Nothing is learned or changed between moves: a loop whose outputs are not byte-identical.` };
};

const PLANS = [
  (card: string) => `My plan: play ${card} on their shield-bearer, then end the turn to keep mana for defence.`,
  (card: string) => `I'll use ${card} against the shield-bearer and then pass, saving my mana.`,
  (card: string) => `Best line here is ${card} targeting the shield-bearer, then ending my turn.`,
  (card: string) => `Plan stays the same: ${card} into the shield-bearer, keep the rest of the mana, pass.`,
  (card: string) => `Going with ${card} on the shield-bearer and ending the turn.`,
  (card: string) => `${card} on the shield-bearer, then pass.`,
] as const;

/** Each time the host says it is the agent's turn, the agent restates the same plan in new words and plays nothing; the timer runs down. */
const planRestatedTurnUnplayed: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const card = random.pick(['Frost Lance', 'Ember Volley', 'Thorn Snare']);
  const timer = random.int(70, 90);
  openAgent7(log, STRATEGY, `Round ${random.int(4, 9)}. Your turn. You hold Frost Lance, Ember Volley, Thorn Snare; 5 mana. Opponent: shield-bearer (4 hp). Timer: ${timer}s.`, 'host');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(say7(log, nth7(PLANS, round)(card), `Still your turn — no card played. Timer: ${timer - (round + 1) * 10}s.`, 'host'));
  log.call('end_turn', {}, 'Turn ended by timeout. No card was played.');
  return { repeats, evidenceIds, note: `The host says ${repeats} times that it is still the agent's turn and no card was played; each time the agent re-announces the same plan (${card} on the shield-bearer, then pass) in new words and calls nothing. A plan re-announced without action, only the timer moving: a loop.` };
};

const ROOMS = ['a narrow hall hung with faded banners', 'a guardroom with an overturned table', 'a stairwell smelling of lamp oil', 'a dusty library; a ladder leans on the shelves', 'the tower base; a lantern glints on a hook'] as const;

/** The identical move north several times up a corridor: a new room, new coordinates and new exits each time. */
const corridorNorthNewRoom: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const turn = random.int(8, 30);
  const rooms = ROOMS.slice(ROOMS.length - count);
  openAgent7(log, ADVENTURE, 'You are at the south end of a long corridor that runs north towards the tower.', 'game');
  const evidenceIds: string[] = [];
  for (const [index, room] of rooms.entries()) {
    evidenceIds.push(log.call('move', { direction: 'north' }, `You walk north into ${room}.\nPosition (0, ${index + 1}). Exits: ${index === rooms.length - 1 ? 'south' : 'north, south'}.\n[Turn ${turn + index} · Score ${20 + index * 5} · Lantern: no]`, { text: 'Continuing north.' }));
  }
  log.call('take', { item: 'lantern' }, `Taken: lantern.\n[Turn ${turn + count} · Score ${25 + count * 5} · Lantern: yes]`);
  return { repeats: 0, evidenceIds, note: `The identical move north ${count} times with the same narration, but each answer is a new room, a new position and a higher score, ending at the tower where the lantern is taken. The same call with real progress each time: not a loop.` };
};

const FAMILIES: Record<GameNovelKind8, Family8> = {
  'loop:game-wall-bump-turn-counter': wallBumpTurnCounter,
  'loop:game-plan-restated-turn-unplayed': planRestatedTurnUnplayed,
  'work:game-corridor-north-new-room': corridorNorthNewRoom,
};

/**
 * Builds one game-playing episode of the eighth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildGameNovel8(kind: GameNovelKind8, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
