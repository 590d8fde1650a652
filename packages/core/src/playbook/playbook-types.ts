import type { PlaybookSection } from '../options/index.js';

/** One lesson of the playbook (ACE): `[sec-00001] helpful=X harmful=Y :: content`. */
export interface PlaybookBullet {
  /** `str-00001`, `mis-00002`…: the section's slug and a number in order of creation. */
  id: string;
  section: PlaybookSection;
  /** The lesson, whole (never cut). */
  content: string;
  /** Times it was in view and the outcome went as it says (or `recordOutcome` said `hit`). */
  helpful: number;
  /** Times it was in view and the outcome went against it (or `recordOutcome` said `miss`). */
  harmful: number;
  /** Ids of the messages (or dead ends) it was learnt from; merging keeps them all. */
  sourceIds: string[];
  /** Injected-clock times of its creation and latest change. */
  createdAt: number;
  updatedAt: number;
  /**
   * What it is about, for matching calls against it: the tool and exact call signatures it says
   * work (`use`) or fail (`avoid`).
   */
  trace?: { toolName?: string; use?: string[]; avoid?: string[] };
}

/**
 * A change to the playbook: the only way it changes (ACE's delta updates, never a rewrite).
 * - `add`: a new lesson (merged into a near-duplicate of its section when there is one);
 * - `count`: add to a bullet's counters;
 * - `merge`: fold bullet `from` into `into` (counters summed, provenance kept, `into`'s text);
 * - `prune`: remove a bullet.
 */
export type PlaybookDelta =
  | { op: 'add'; section: PlaybookSection; content: string; sourceIds?: readonly string[]; trace?: PlaybookBullet['trace'] }
  | { op: 'count'; id: string; helpful?: number; harmful?: number }
  | { op: 'merge'; from: string; into: string }
  | { op: 'prune'; id: string };

/** The JSON form of a playbook. */
export interface PlaybookSnapshot {
  version: 1;
  nextId: number;
  bullets: PlaybookBullet[];
}

/** The slug of each section in bullet ids. */
export const SECTION_SLUGS: Readonly<Record<PlaybookSection, string>> = Object.freeze({ strategies: 'str', mistakes: 'mis', tools: 'tol', constraints: 'con' });

/** Section titles, in the order a rendered playbook shows them. */
export const SECTION_TITLES: Readonly<Record<PlaybookSection, string>> = Object.freeze({
  constraints: 'User constraints and corrections',
  mistakes: 'Common mistakes to avoid',
  strategies: 'Strategies and insights',
  tools: 'Tool and API usage',
});
