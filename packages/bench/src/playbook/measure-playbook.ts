import { bulletLine, callSignature, createBpeTokenCounter, createContextEngine, DEFAULT_PLAYBOOK_MAX_BULLETS, DEFAULT_PLAYBOOK_MAX_TOKENS, Playbook, type CairnMessage, type ContextEngineOptions } from '@cairn/core';
import { generateSyntheticSession } from '../generate-synthetic-session.js';
import { createSeededRandom } from '../seeded-random.js';

/** What {@link measurePlaybookOnSessions} measured on generated agent sessions. */
export interface PlaybookSessionMeasurement {
  sessions: number;
  messages: number;
  /** Recoveries in the data (a failed call, then a successful call of the same tool with other arguments), found by the bench itself. */
  plantedRecoveries: number;
  /** Of those, the ones a bullet still speaks about at the end (its trace: use the success, avoid the failure). */
  retainedRecoveries: number;
  /** The largest playbook seen, checked after every message: bullets, and characters of their lines. */
  maxBullets: number;
  maxTokens: number;
  /** The largest token total of the bullet lines seen (the default BPE counter, as the engine counts them). */
  maxLineTokens: number;
  /** The playbook's bound in tokens and bullets (the engine's options). */
  boundTokens: number;
  boundBullets: number;
  /** Skill bullets at the end: from recoveries seen `skillAfter` times, and from hot experiences (CDA: hits ≥ 3, σ < 0.15, < 7 days). */
  recoverySkills: number;
  hotExperienceSkills: number;
  /** Bullets counted at least once (helpful or harmful) at the end. */
  countedBullets: number;
  /** Bullets and line tokens after every quarter of each session (summed over sessions): growth levels off under the bound. */
  quarters: { bullets: number; lineTokens: number }[];
}

/**
 * Replays generated agent sessions (2,000 messages by default) through a default engine, a view
 * every 10 messages, and checks the playbook: are the recoveries the data holds (found by the
 * bench, not by the curator) still in it at the end, and does it stay bounded (largest size seen
 * after every message, and the size after each quarter of the sessions).
 *
 * @param seeds - The sessions' seeds.
 * @param messages - Messages per session.
 * @param playbook - The engine's playbook options (default: the defaults; a small `maxTokens` puts the bound under pressure).
 */
export function measurePlaybookOnSessions(seeds: readonly number[], messages = 2000, playbook: ContextEngineOptions['playbook'] = {}): PlaybookSessionMeasurement {
  const counter = createBpeTokenCounter();
  const lineTokens = new Map<string, number>();
  const tokensOf = (line: string): number => lineTokens.get(line) ?? (lineTokens.set(line, counter.count(line)), lineTokens.get(line)!);
  const result: PlaybookSessionMeasurement = { sessions: seeds.length, messages: 0, plantedRecoveries: 0, retainedRecoveries: 0, maxBullets: 0, maxTokens: 0, maxLineTokens: 0, recoverySkills: 0, hotExperienceSkills: 0, countedBullets: 0, boundTokens: playbook?.maxTokens ?? DEFAULT_PLAYBOOK_MAX_TOKENS, boundBullets: playbook?.maxBullets ?? DEFAULT_PLAYBOOK_MAX_BULLETS, quarters: [1, 2, 3, 4].map(() => ({ bullets: 0, lineTokens: 0 })) };
  for (const seed of seeds) {
    const session = generateSyntheticSession({ seed, messages, kind: 'coding' });
    const engine = createContextEngine({ sessionId: `s${seed}`, playbook });
    const planted = recoveries(session.messages);
    for (const [index, message] of session.messages.entries()) {
      engine.ingest(message);
      if (index % 10 === 9 && message.role !== 'assistant') engine.assemble({ budget: 8000 });
      const bullets = engine.getPlaybook();
      const tokens = bullets.reduce((sum, bullet) => sum + tokensOf(bulletLine(bullet)), 0);
      result.maxBullets = Math.max(result.maxBullets, bullets.length);
      result.maxTokens = Math.max(result.maxTokens, bullets.reduce((sum, bullet) => sum + bulletLine(bullet).length, 0));
      result.maxLineTokens = Math.max(result.maxLineTokens, tokens);
      for (const [quarter, sums] of result.quarters.entries()) {
        if (index + 1 !== Math.round(((quarter + 1) * session.messages.length) / 4)) continue;
        sums.bullets += bullets.length;
        sums.lineTokens += tokens;
      }
    }
    const bullets = engine.getPlaybook();
    result.recoverySkills += bullets.filter((bullet) => bullet.section === 'skills' && !bullet.skill?.experience).length;
    result.hotExperienceSkills += bullets.filter((bullet) => bullet.skill?.experience).length;
    result.countedBullets += bullets.filter((bullet) => bullet.helpful + bullet.harmful > 0).length;
    result.messages += session.messages.length;
    result.plantedRecoveries += planted.length;
    for (const { use, avoid } of planted) if (bullets.some((bullet) => bullet.trace?.use?.includes(use) && bullet.trace.avoid?.includes(avoid))) result.retainedRecoveries++;
  }
  return result;
}

/** Recoveries by the bench's own reading: a call labelled failed, then the same tool succeeding with other arguments. */
function recoveries(messages: readonly CairnMessage[]): { use: string; avoid: string }[] {
  const pending = new Map<string, { name: string; signature: string }>();
  const failed = new Map<string, string>();
  const found = new Map<string, { use: string; avoid: string }>();
  for (const message of messages) {
    if (message.role === 'assistant') for (const call of message.toolCalls ?? []) pending.set(call.id, { name: call.name, signature: callSignature(call.name, call.arguments).exact });
    if (message.role !== 'tool' || message.toolCallId === undefined) continue;
    const call = pending.get(message.toolCallId);
    if (!call) continue;
    if (message.isError === true) failed.set(call.name, call.signature);
    else {
      const before = failed.get(call.name);
      if (before !== undefined && before !== call.signature) found.set(`${call.signature}|${before}`, { use: call.signature, avoid: before });
      failed.delete(call.name);
    }
  }
  return [...found.values()];
}

/** What {@link measurePlaybookUtility} measured: planted lessons with a known true utility. */
export interface PlaybookUtilityMeasurement {
  planted: number;
  /** Planted lessons with positive true utility. */
  useful: number;
  /** Of those, kept at the end. */
  usefulRetained: number;
  /** Pearson correlation of the bullets' net utility with the true utility, over planted lessons still kept. */
  utilityCorrelation: number;
  /** Largest bullet count and token total seen, and the budget. */
  maxBullets: number;
  maxTokens: number;
  budgetTokens: number;
}

/**
 * Planted lessons with ground-truth utility, straight through the playbook's delta operations:
 * `lessons` lessons are added with a true probability of holding up (seeded); over `rounds`
 * rounds a random lesson is used and counted helpful with that probability, harmful otherwise,
 * while noise lessons (used once, evenly helpful or harmful) keep arriving and near-duplicate
 * restatements of planted lessons are added now and then (they must merge). Measures retention
 * of the useful planted lessons under a token budget that holds about a third of all lessons, the
 * correlation of net utility with the truth, and the bound.
 */
export function measurePlaybookUtility({ seed = 1, lessons = 40, rounds = 2000, budgetTokens = 1500 } = {}): PlaybookUtilityMeasurement {
  const random = createSeededRandom(seed);
  let clock = 0;
  const playbook = new Playbook({ now: () => clock, countTokens: (text) => Math.ceil(text.length / 4), maxTokens: budgetTokens, maxBullets: 1000 });
  const truth = new Map<string, number>();
  const text = (index: number): string => `Lesson ${index}: when the ${['ledger', 'invoice', 'booking', 'refund', 'webhook'][index % 5]} step ${index} fails, check fixture ${index * 13} first.`;
  const ids: string[] = [];
  for (let index = 0; index < lessons; index++) {
    const bullet = playbook.apply({ op: 'add', section: 'strategies', content: text(index), sourceIds: [`planted-${index}`] })!;
    ids.push(bullet.id);
    truth.set(bullet.id, random.next());
  }
  let maxBullets = 0;
  let maxTokens = 0;
  for (let round = 0; round < rounds; round++) {
    clock++;
    const index = random.int(0, lessons - 1);
    const id = ids[index]!;
    if (playbook.get(id)) playbook.apply(random.next() < truth.get(id)! ? { op: 'count', id, helpful: 1 } : { op: 'count', id, harmful: 1 });
    if (round % 3 === 0) {
      const noise = playbook.apply({ op: 'add', section: 'tools', content: `Noise ${round}: tool ${round % 17} took ${round * 7} ms on attempt ${round % 5}.`, sourceIds: [`noise-${round}`] });
      if (noise) playbook.apply(random.next() < 0.5 ? { op: 'count', id: noise.id, helpful: 1 } : { op: 'count', id: noise.id, harmful: 1 });
    }
    if (round % 50 === 0) playbook.apply({ op: 'add', section: 'strategies', content: text(index).replace('first.', 'first'), sourceIds: [`restated-${round}`] });
    maxBullets = Math.max(maxBullets, playbook.bullets().length);
    maxTokens = Math.max(maxTokens, playbook.tokens());
  }
  const useful = ids.filter((id) => truth.get(id)! > 0.5);
  const kept = ids.filter((id) => playbook.get(id));
  const xs = kept.map((id) => truth.get(id)! * 2 - 1);
  const ys = kept.map((id) => {
    const bullet = playbook.get(id)!;
    const uses = bullet.helpful + bullet.harmful;
    return uses === 0 ? 0 : (bullet.helpful - bullet.harmful) / uses;
  });
  return { planted: lessons, useful: useful.length, usefulRetained: useful.filter((id) => playbook.get(id)).length, utilityCorrelation: pearson(xs, ys), maxBullets, maxTokens, budgetTokens };
}

function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return Number.NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let index = 0; index < n; index++) {
    sxy += (xs[index]! - mx) * (ys[index]! - my);
    sxx += (xs[index]! - mx) ** 2;
    syy += (ys[index]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}
