import { CairnError } from '../log/index.js';
import { DEFAULT_PLAYBOOK_MAX_BULLETS, DEFAULT_PLAYBOOK_MAX_TOKENS, DEFAULT_PLAYBOOK_MERGE_SIMILARITY } from '../options/index.js';
import { cachedLexicalSimilarity } from './lexical-similarity.js';
import { parsePlaybookSnapshot } from './playbook-snapshot.js';
import { byUtility } from './rank-bullets.js';
import { byRetention } from './retention-order.js';
import { SECTION_SLUGS, type PlaybookBullet, type PlaybookDelta, type PlaybookSnapshot } from './playbook-types.js';

/** Options of {@link Playbook}. */
export interface PlaybookStoreOptions {
  /** The injected clock, in milliseconds. */
  now: () => number;
  /** Counts the tokens of a text (a bullet's rendered line). */
  countTokens: (text: string) => number;
  /** @default DEFAULT_PLAYBOOK_MAX_TOKENS */
  maxTokens?: number;
  /** @default DEFAULT_PLAYBOOK_MAX_BULLETS */
  maxBullets?: number;
  /** @default DEFAULT_PLAYBOOK_MERGE_SIMILARITY */
  mergeSimilarity?: number;
  /** Similarity of two bullet texts in [0, 1]. @default lexicalSimilarity */
  similarity?: (a: string, b: string) => number;
}

/** A bullet as one line: `[mis-00001] helpful=0 harmful=2 :: content`. */
export function bulletLine(bullet: PlaybookBullet): string {
  return `[${bullet.id}] helpful=${bullet.helpful} harmful=${bullet.harmful} :: ${bullet.content.replace(/\s*\n\s*/g, ' ')}`;
}

const isCount = (value: unknown): value is number => value === undefined || (Number.isInteger(value) && (value as number) >= 0);

/**
 * The ACE playbook of one session: bullets in sections with helpful/harmful counters and
 * provenance, changed only by delta operations ({@link Playbook.apply}: add, count, merge, prune).
 * An `add` folds into a near-duplicate of its section (similarity ≥ `mergeSimilarity`: counters
 * summed, all provenance kept); past `maxTokens` (the bullets' lines) or `maxBullets` bullets are
 * pruned by evidence (`byRetention`: shown to mislead first, then never yet helpful, newest first
 * among equals; a lesson that has helped is never displaced by an untested newcomer) — a bullet's
 * text is never cut. Deterministic: same deltas, same playbook.
 *
 * @example
 * ```ts
 * const playbook = new Playbook({ now: () => clock, countTokens: (text) => counter.count(text) });
 * playbook.apply({ op: 'add', section: 'strategies', content: 'Use `npm ci`, not `npm install`.', sourceIds: ['t4'] });
 * ```
 */
export class Playbook {
  readonly #options: Required<PlaybookStoreOptions>;
  #bullets: PlaybookBullet[] = [];
  #nextId = 1;
  /** Token counts of bullet lines (a cache, keyed by the line). */
  readonly #lineTokens = new Map<string, number>();
  /** Each bullet object's line tokens with the parts of the line they were counted from (see `lineTokens`). */
  readonly #bulletTokens = new WeakMap<PlaybookBullet, { id: string; helpful: number; harmful: number; content: string; tokens: number }>();

  constructor({ maxTokens = DEFAULT_PLAYBOOK_MAX_TOKENS, maxBullets = DEFAULT_PLAYBOOK_MAX_BULLETS, mergeSimilarity = DEFAULT_PLAYBOOK_MERGE_SIMILARITY, similarity = cachedLexicalSimilarity(4 * maxBullets), ...options }: PlaybookStoreOptions) {
    if (!(Number.isInteger(maxTokens) && maxTokens >= 1) || !(Number.isInteger(maxBullets) && maxBullets >= 1) || !(mergeSimilarity > 0 && mergeSimilarity <= 1)) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid playbook options: maxTokens and maxBullets must be whole numbers from 1 (got ${maxTokens}, ${maxBullets}), mergeSimilarity in (0, 1] (got ${mergeSimilarity}).` });
    }
    this.#options = { maxTokens, maxBullets, mergeSimilarity, similarity, ...options };
  }

  /**
   * Applies one delta operation.
   * @returns The bullet added to, counted or merged into; undefined for `prune` (and for an `add` or `merge` whose bullet the bounds pruned at once).
   * @throws CairnError `UNKNOWN_MESSAGE` for an unknown bullet id, `INVALID_MESSAGE` for a malformed delta.
   */
  apply(delta: PlaybookDelta): PlaybookBullet | undefined {
    switch (delta.op) {
      case 'add':
        return this.#add(delta);
      case 'count': {
        if (!isCount(delta.helpful) || !isCount(delta.harmful)) throw new CairnError({ code: 'INVALID_MESSAGE', message: 'A count delta takes whole, non-negative helpful and harmful numbers.' });
        const bullet = this.#find(delta.id);
        bullet.helpful += delta.helpful ?? 0;
        bullet.harmful += delta.harmful ?? 0;
        bullet.updatedAt = this.#options.now();
        this.#bound();
        return this.#copy(this.#bullets.find((each) => each.id === delta.id));
      }
      case 'merge': {
        const from = this.#find(delta.from);
        const into = this.#find(delta.into);
        if (from === into) return { ...into, sourceIds: [...into.sourceIds] };
        this.#fold(from, into);
        this.#bullets = this.#bullets.filter((bullet) => bullet !== from);
        this.#bound();
        return this.#copy(this.#bullets.find((bullet) => bullet === into));
      }
      case 'prune':
        this.#find(delta.id);
        this.#bullets = this.#bullets.filter((bullet) => bullet.id !== delta.id);
        return undefined;
      default:
        throw new CairnError({ code: 'INVALID_MESSAGE', message: `Unknown playbook delta ${JSON.stringify((delta as { op?: unknown }).op)}: use 'add', 'count', 'merge' or 'prune'.` });
    }
  }

  /** The bullets, copies, in the order they were created. */
  bullets(): PlaybookBullet[] {
    return this.#bullets.map((bullet) => this.#copy(bullet)!);
  }

  /** The bullets, most useful first (net utility, then helpful, then the latest change, then id). */
  ranked(): PlaybookBullet[] {
    return [...this.#bullets].sort(byUtility).map((bullet) => this.#copy(bullet)!);
  }

  /** A bullet by id, or undefined. */
  get(id: string): PlaybookBullet | undefined {
    return this.#copy(this.#bullets.find((bullet) => bullet.id === id));
  }

  /** The tokens of all bullet lines. */
  tokens(): number {
    return this.#bullets.reduce((sum, bullet) => sum + this.lineTokens(bullet), 0);
  }

  /** The tokens of one bullet's line (cached). */
  lineTokens(bullet: PlaybookBullet): number {
    // A bullet of this playbook whose line parts are as when it was last counted has that count:
    // the bound counts every line after every delta, and most lines did not change.
    const known = this.#bulletTokens.get(bullet);
    if (known && known.id === bullet.id && known.helpful === bullet.helpful && known.harmful === bullet.harmful && known.content === bullet.content) return known.tokens;
    const line = bulletLine(bullet);
    let tokens = this.#lineTokens.get(line);
    if (tokens === undefined) {
      if (this.#lineTokens.size > 4 * this.#options.maxBullets) this.#lineTokens.clear();
      this.#lineTokens.set(line, (tokens = this.#options.countTokens(line)));
    }
    this.#bulletTokens.set(bullet, { id: bullet.id, helpful: bullet.helpful, harmful: bullet.harmful, content: bullet.content, tokens });
    return tokens;
  }

  /** A JSON-safe snapshot. */
  toJSON(): PlaybookSnapshot {
    return { version: 1, nextId: this.#nextId, bullets: this.bullets().map((bullet) => JSON.parse(JSON.stringify(bullet)) as PlaybookBullet) };
  }

  /**
   * Restores a playbook from {@link Playbook.toJSON}'s output.
   * @throws CairnError `INVALID_SNAPSHOT` when `json` is not such a snapshot.
   */
  static fromJSON(json: unknown, options: PlaybookStoreOptions): Playbook {
    const snapshot = parsePlaybookSnapshot(json);
    const playbook = new Playbook(options);
    playbook.#nextId = snapshot.nextId;
    playbook.#bullets = snapshot.bullets;
    playbook.#bound();
    return playbook;
  }

  #add(delta: Extract<PlaybookDelta, { op: 'add' }>): PlaybookBullet | undefined {
    if (typeof delta.content !== 'string' || delta.content.trim() === '' || !(delta.section in SECTION_SLUGS)) {
      throw new CairnError({ code: 'INVALID_MESSAGE', message: `An add delta needs non-empty content and a section (${Object.keys(SECTION_SLUGS).join(', ')}).` });
    }
    const time = this.#options.now();
    const content = delta.content.trim();
    const candidate: PlaybookBullet = {
      id: `${SECTION_SLUGS[delta.section]}-${String(this.#nextId).padStart(5, '0')}`,
      section: delta.section,
      content,
      helpful: 0,
      harmful: 0,
      sourceIds: [...new Set(delta.sourceIds ?? [])],
      createdAt: time,
      updatedAt: time,
      ...(delta.trace ? { trace: copyTrace(delta.trace) } : {}),
      ...(delta.skill ? { skill: copySkill(delta.skill) } : {}),
    };
    let best: PlaybookBullet | undefined;
    let bestSimilarity = -1;
    for (const bullet of this.#bullets) {
      if (bullet.section !== candidate.section || !sameLesson(bullet, candidate)) continue;
      const similarity = bullet.content === content ? 1 : this.#options.similarity(bullet.content, content);
      if (similarity >= this.#options.mergeSimilarity && similarity > bestSimilarity) [best, bestSimilarity] = [bullet, similarity];
    }
    if (best) {
      this.#fold(candidate, best);
      // A fold may append the newcomer's text (a lesson about other calls): the bounds still hold.
      this.#bound();
      return this.#copy(this.#bullets.find((bullet) => bullet === best));
    }
    this.#nextId++;
    this.#bullets.push(candidate);
    this.#bound();
    return this.#copy(this.#bullets.find((bullet) => bullet === candidate));
  }

  /**
   * Folds `from` into `into`: counters summed, provenance and traces united, `into`'s text kept —
   * with `from`'s text appended when it speaks about calls `into` did not.
   */
  #fold(from: PlaybookBullet, into: PlaybookBullet): void {
    into.helpful += from.helpful;
    into.harmful += from.harmful;
    into.sourceIds = [...new Set([...into.sourceIds, ...from.sourceIds])];
    into.createdAt = Math.min(into.createdAt, from.createdAt);
    into.updatedAt = Math.max(into.updatedAt, from.updatedAt, this.#options.now());
    if (from.skill && !into.skill) into.skill = copySkill(from.skill);
    // A merged lesson about calls the bullet did not speak about yet keeps its own words too (no
    // brevity bias): its text is appended on a line of its own.
    const known = new Set([...(into.trace?.use ?? []), ...(into.trace?.avoid ?? [])]);
    if (from.trace && into.trace && [...(from.trace.use ?? []), ...(from.trace.avoid ?? [])].some((call) => !known.has(call)) && !into.content.includes(from.content)) {
      into.content = `${into.content}\n${from.content}`;
    }
    if (from.trace) {
      const trace = into.trace ?? {};
      into.trace = {
        ...(trace.toolName ?? from.trace.toolName ? { toolName: trace.toolName ?? from.trace.toolName } : {}),
        ...(trace.use || from.trace.use ? { use: [...new Set([...(trace.use ?? []), ...(from.trace.use ?? [])])] } : {}),
        ...(trace.avoid || from.trace.avoid ? { avoid: [...new Set([...(trace.avoid ?? []), ...(from.trace.avoid ?? [])])] } : {}),
      };
    }
  }

  /**
   * Prunes until both bounds hold, in {@link byRetention}'s order: bullets shown to mislead first,
   * then those never yet helpful (the newest first among equals), a bullet that has helped last.
   */
  #bound(): void {
    let tokens = this.tokens();
    while (this.#bullets.length > 0 && (this.#bullets.length > this.#options.maxBullets || tokens > this.#options.maxTokens)) {
      const worst = this.#bullets.reduce((kept, bullet) => (byRetention(bullet, kept) > 0 ? bullet : kept));
      tokens -= this.lineTokens(worst);
      this.#bullets = this.#bullets.filter((bullet) => bullet !== worst);
    }
  }

  #find(id: string): PlaybookBullet {
    const bullet = this.#bullets.find((each) => each.id === id);
    if (!bullet) throw new CairnError({ code: 'UNKNOWN_MESSAGE', message: `No playbook bullet has id "${id}"; use an id from playbook.bullets().`, details: { id } });
    return bullet;
  }

  #copy(bullet: PlaybookBullet | undefined): PlaybookBullet | undefined {
    return bullet === undefined ? undefined : { ...bullet, sourceIds: [...bullet.sourceIds], ...(bullet.trace ? { trace: copyTrace(bullet.trace) } : {}), ...(bullet.skill ? { skill: copySkill(bullet.skill) } : {}) };
  }
}

function copyTrace(trace: NonNullable<PlaybookBullet['trace']>): NonNullable<PlaybookBullet['trace']> {
  return { ...(trace.toolName === undefined ? {} : { toolName: trace.toolName }), ...(trace.use ? { use: [...trace.use] } : {}), ...(trace.avoid ? { avoid: [...trace.avoid] } : {}) };
}

function copySkill(skill: NonNullable<PlaybookBullet['skill']>): NonNullable<PlaybookBullet['skill']> {
  return JSON.parse(JSON.stringify(skill)) as NonNullable<PlaybookBullet['skill']>;
}

/**
 * Whether two bullets could be one lesson: bullets about calls (with a trace) are, only when they
 * speak about one tool and share a call to use or to avoid — two recoveries of one tool with
 * other arguments read alike yet teach different things, and a merge would keep the first one's
 * text only. Bullets without a trace (corrections, constraints, reflector insights) are judged by
 * their text alone.
 */
function sameLesson(a: PlaybookBullet, b: PlaybookBullet): boolean {
  if (!a.trace || !b.trace) return true;
  if (a.trace.toolName !== b.trace.toolName) return false;
  const calls = new Set([...(a.trace.use ?? []), ...(a.trace.avoid ?? [])]);
  return [...(b.trace.use ?? []), ...(b.trace.avoid ?? [])].some((call) => calls.has(call));
}
