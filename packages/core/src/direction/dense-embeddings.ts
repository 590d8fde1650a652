import { CairnError } from '../log/index.js';
import type { DenseVector } from './dense-vector.js';
import type { Embedder } from '../options/index.js';
import { featureText, type SessionLog } from '../log/index.js';
import { DenseDirection } from './dense-direction.js';

/** The spread the relative similarity is measured against, kept from the last full rescore. @internal */
export interface DenseSpread {
  /** The cosine at `DENSE_FLOOR_QUANTILE` (dense-match) of the units: at or below it, no dense match. */
  floor: number;
  max: number;
}

const BATCH = 64;
const MAX_TEXT_CHARS = 8_000;

/**
 * Dense embeddings of units and queries from an injected embedder, filled by `prepare()` (async,
 * outside `assemble`) and read by scoring, which falls back to lexical vectors for anything not
 * embedded yet. Not saved in snapshots: `prepare()` again after a restore. @internal
 */
export class DenseEmbeddings {
  private readonly units = new Map<number, { version: number; vector: DenseVector }>();
  private readonly queries = new Map<string, DenseVector>();
  /** Floor and max dense similarity of the last full rescore (relative similarity of new units). */
  readonly spread: DenseSpread = { floor: 0, max: 1 };

  /** D_t in the dense space. */
  private readonly direction = new DenseDirection();

  constructor(private readonly embedder: Embedder) {}

  /**
   * The dense intent units are scored against this turn: the question's embedding when there is
   * a question, else the dense direction D_t (moved by each new user message).
   */
  turnIntent(log: SessionLog, query: string | undefined): DenseVector | undefined {
    if (query !== undefined) return this.query(query);
    const user = log.latestUserUnit;
    return this.direction.update(user >= 0 ? this.unit(user, log.units[user]!.version) : undefined, user);
  }

  /** The unit's embedding, if it is current. */
  unit(index: number, version: number): DenseVector | undefined {
    const entry = this.units.get(index);
    return entry && entry.version === version ? entry.vector : undefined;
  }

  /** The query's embedding, if `prepare` embedded it. */
  query(text: string): DenseVector | undefined {
    return this.queries.get(text);
  }

  /** Embeds every unit without a current embedding, and the query. Returns how many texts. */
  async prepare(log: SessionLog, query: string | undefined): Promise<number> {
    const pending: { index: number; version: number; text: string }[] = [];
    for (const unit of log.units) {
      if (this.unit(unit.index, unit.version)) continue;
      const text = log.unitMessages(unit.index).map(featureText).join('\n').slice(0, MAX_TEXT_CHARS);
      pending.push({ index: unit.index, version: unit.version, text });
    }
    const texts = pending.map((item) => item.text);
    if (query !== undefined && !this.queries.has(query)) texts.push(query.slice(0, MAX_TEXT_CHARS));
    for (let start = 0; start < texts.length; start += BATCH) {
      const batch = texts.slice(start, start + BATCH);
      let vectors: readonly (readonly number[])[];
      try {
        vectors = await this.embedder.embed(batch);
      } catch (error) {
        throw new CairnError({ code: 'INVALID_OPTIONS', message: `The embedder "${this.embedder.id}" failed: ${(error as Error).message}. Views keep using lexical vectors until prepare() succeeds.`, cause: error });
      }
      if (vectors.length !== batch.length) {
        throw new CairnError({ code: 'INVALID_OPTIONS', message: `The embedder "${this.embedder.id}" returned ${vectors.length} vectors for ${batch.length} texts; it must return one per text.` });
      }
      vectors.forEach((vector, offset) => {
        const item = pending[start + offset];
        if (item) this.units.set(item.index, { version: item.version, vector });
        else if (query !== undefined) this.queries.set(query, vector);
      });
    }
    return texts.length;
  }
}
