import { CairnError } from '../log/index.js';
import { compareResourceClass, isResourceClass, maxResourceClass, type ResourceClass } from './resource-class.js';

/** Longest `reason` kept in the ledger, in characters (longer ones are cut). */
export const MAX_TAG_REASON_CHARS = 500;

/** One change of class in the ledger: what was tagged, when, and why. */
export interface ResourceTag {
  /** The id tagged (a message id; later a page id). */
  readonly id: string;
  /** The class it has from now on. */
  readonly resourceClass: ResourceClass;
  /** Its class before (its default or an earlier tag). */
  readonly previous: ResourceClass;
  /** `tag` or `promote` (the same monotone operation; the verb the caller used). */
  readonly action: 'tag' | 'promote';
  /** Why, as the caller said it (cut at {@link MAX_TAG_REASON_CHARS}). */
  readonly reason: string;
  /** The engine clock when it happened. */
  readonly at: number;
}

/** What {@link ResourceLedger.apply} needs from its owner. */
export interface ApplyTagsInput {
  readonly ids: readonly string[];
  readonly resourceClass: ResourceClass;
  readonly action: 'tag' | 'promote';
  readonly reason?: string;
  readonly at: number;
  /** Whether an id names something that can carry a class (a logged message). */
  readonly known: (id: string) => boolean;
  /** The class an id has by default right now (system, pinned, latest user, hot set …). */
  readonly defaultClass: (id: string) => ResourceClass;
}

/**
 * The runtime ledger of resource classes: explicit tags per id, monotone (a tag never lowers a
 * class), with the history of every change. A tag that changes nothing is not recorded, so the
 * ledger holds at most two entries per id.
 */
export class ResourceLedger {
  readonly #classes = new Map<string, ResourceClass>();
  readonly #history: ResourceTag[] = [];

  /** The explicit class of an id, if it was tagged. */
  explicitClass(id: string): ResourceClass | undefined {
    return this.#classes.get(id);
  }

  /** Every id tagged explicitly, with its class. */
  explicitClasses(): ReadonlyMap<string, ResourceClass> {
    return this.#classes;
  }

  /** Every change of class, oldest first. */
  history(): readonly ResourceTag[] {
    return this.#history;
  }

  /**
   * Tags ids with a class, as one batch: every id is checked first (known, not lowered), then all
   * are tagged. Returns the ledger entries written (none for ids already at that class).
   * @throws CairnError `INVALID_OPTIONS` (not an array of strings, not a class, a reason that is
   *   not a string), `UNKNOWN_MESSAGE` (an id that is not known), `RESOURCE_DEMOTION` (a class
   *   below the id's current one)
   */
  apply(input: ApplyTagsInput): ResourceTag[] {
    const { ids, resourceClass, action, at } = input;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `${action}: ids must be an array of message ids (strings).` });
    }
    if (!isResourceClass(resourceClass)) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `${action}: unknown resource class ${JSON.stringify(resourceClass)}; use 'droppable', 'required' or 'preserved'.`, details: { resourceClass } });
    }
    if (input.reason !== undefined && typeof input.reason !== 'string') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `${action}: reason must be a string when given.` });
    }
    const reason = (input.reason ?? action).slice(0, MAX_TAG_REASON_CHARS);
    const current = new Map<string, ResourceClass>();
    for (const id of ids) {
      if (!input.known(id)) {
        throw new CairnError({ code: 'UNKNOWN_MESSAGE', message: `Cannot ${action} "${id}": no message with that id is in the log. Ingest it first.`, details: { id } });
      }
      const explicit = this.#classes.get(id);
      const now = explicit === undefined ? input.defaultClass(id) : maxResourceClass(explicit, input.defaultClass(id));
      if (compareResourceClass(resourceClass, now) < 0) {
        throw new CairnError({
          code: 'RESOURCE_DEMOTION',
          message: `Cannot ${action} "${id}" to ${resourceClass}: it is ${now}, and resource classes only go up (droppable < required < preserved).`,
          details: { id, from: now, to: resourceClass },
        });
      }
      current.set(id, explicit ?? now);
    }
    const written: ResourceTag[] = [];
    for (const [id, previous] of current) {
      if (this.#classes.get(id) === resourceClass) continue;
      this.#classes.set(id, resourceClass);
      const entry: ResourceTag = Object.freeze({ id, resourceClass, previous, action, reason, at });
      this.#history.push(entry);
      written.push(entry);
    }
    return written;
  }

  /** The ledger as JSON (for snapshots and crystals). */
  toJSON(): ResourceTag[] {
    return [...this.#history];
  }

  /**
   * Rebuilds a ledger from {@link ResourceLedger.toJSON}, checking every entry.
   * @throws CairnError `INVALID_SNAPSHOT` for an entry that is not a ledger entry, names an id
   *   `known` rejects, or lowers a class.
   */
  static fromJSON(value: unknown, known: (id: string) => boolean, path = 'resources'): ResourceLedger {
    const fail = (problem: string): CairnError =>
      new CairnError({ code: 'INVALID_SNAPSHOT', message: `Invalid snapshot: ${path} ${problem}.`, details: { path } });
    if (!Array.isArray(value)) throw fail('is not an array');
    const ledger = new ResourceLedger();
    value.forEach((raw: unknown, index) => {
      const entry = raw as Partial<ResourceTag> | null;
      if (
        typeof entry !== 'object' || entry === null || typeof entry.id !== 'string' || !isResourceClass(entry.resourceClass) ||
        !isResourceClass(entry.previous) || (entry.action !== 'tag' && entry.action !== 'promote') ||
        typeof entry.reason !== 'string' || typeof entry.at !== 'number' || !Number.isFinite(entry.at)
      ) {
        throw fail(`[${index}] is not a ledger entry`);
      }
      if (!known(entry.id)) throw fail(`[${index}] names "${entry.id}", which is not in the log`);
      const before = ledger.#classes.get(entry.id);
      if (before !== undefined && compareResourceClass(entry.resourceClass, before) < 0) throw fail(`[${index}] lowers the class of "${entry.id}"`);
      ledger.#classes.set(entry.id, entry.resourceClass);
      ledger.#history.push(Object.freeze({ id: entry.id, resourceClass: entry.resourceClass, previous: entry.previous, action: entry.action, reason: entry.reason.slice(0, MAX_TAG_REASON_CHARS), at: entry.at }));
    });
    return ledger;
  }
}
