import type { ResourceClass } from './resource-class.js';

/** What the default class of a unit depends on (all false: `droppable`). */
export interface ResourceClassFacts {
  /** A system prompt. */
  system?: boolean;
  /** Pinned (by `metadata.pinned`, `pin` or a PRESERVED tag). */
  pinned?: boolean;
  /** The latest user turn. */
  latestUser?: boolean;
  /** In the hot working set (the last units after the latest user turn). */
  hot?: boolean;
  /** A tool exchange whose calls are not all answered yet. */
  openToolChain?: boolean;
  /**
   * The engine runs with `onBudgetExceeded: 'compress-mandatory'`: the caller allowed system
   * prompts to be squeezed, so they count as `required` (unless pinned or tagged PRESERVED).
   */
  systemCompressible?: boolean;
}

/**
 * The class a unit has by default, before any explicit tag: system prompts and pinned units are
 * PRESERVED; the latest user turn, the hot set and open tool chains are REQUIRED; the rest is
 * DROPPABLE. (With `systemCompressible`, an unpinned system prompt is REQUIRED.)
 *
 * @example
 * ```ts
 * defaultResourceClass({ system: true }); // 'preserved'
 * defaultResourceClass({ latestUser: true }); // 'required'
 * defaultResourceClass({}); // 'droppable'
 * ```
 */
export function defaultResourceClass(facts: ResourceClassFacts): ResourceClass {
  if (facts.pinned && !facts.system) return 'preserved';
  if (facts.system) return facts.systemCompressible ? 'required' : 'preserved';
  if (facts.latestUser || facts.hot || facts.openToolChain) return 'required';
  return 'droppable';
}
