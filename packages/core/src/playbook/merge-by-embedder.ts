import { CairnError } from '../log/index.js';
import type { Embedder } from '../options/index.js';
import { applyKnown, type PlaybookRuntime } from './playbook-runtime.js';

/** Bullet texts embedded per `embed` call. */
const BATCH = 64;

function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    dot += a[index]! * b[index]!;
    normA += a[index]! * a[index]!;
    normB += b[index]! * b[index]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * The playbook's grow-and-refine merge with the injected embedder (ACE: near-duplicates by
 * embedding): embeds the bullet texts it has not embedded yet (cached by text), then, section by
 * section in creation order, merges each bullet into the earliest one whose embedding is at least
 * `threshold` similar — through `merge` delta operations only (counters summed, provenance and
 * traces united, the earlier bullet's text and id kept). Runs in the background (`reflect`),
 * never while assembling; the lexical merge at `add` still runs. Deterministic for a
 * deterministic embedder.
 *
 * @param runtime - The engine's playbook.
 * @param embedder - The injected embedder.
 * @param threshold - Cosine from which two bullets merge (`playbook.mergeSimilarity`, 0.85).
 * @returns How many merges were applied.
 * @throws CairnError `INVALID_OPTIONS` when the embedder fails or returns the wrong number of vectors (nothing is merged).
 * @internal
 */
export async function mergePlaybookByEmbedder(runtime: PlaybookRuntime, embedder: Embedder, threshold: number): Promise<number> {
  // Embeddings kept between runs on the runtime (not in snapshots), reset when the embedder changes.
  if (runtime.embeddings?.embedderId !== embedder.id) runtime.embeddings = { embedderId: embedder.id, vectors: new Map() };
  const cache = runtime.embeddings;
  const bullets = runtime.playbook.bullets();
  const missing = [...new Set(bullets.map((bullet) => bullet.content).filter((text) => !cache.vectors.has(text)))];
  for (let start = 0; start < missing.length; start += BATCH) {
    const batch = missing.slice(start, start + BATCH);
    let vectors: readonly (readonly number[])[];
    try {
      vectors = await embedder.embed(batch);
    } catch (error) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `The embedder "${embedder.id}" failed on playbook bullets: ${(error as Error).message}. Nothing was merged.`, cause: error });
    }
    if (!Array.isArray(vectors) || vectors.length !== batch.length) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `The embedder "${embedder.id}" returned ${Array.isArray(vectors) ? vectors.length : 'no'} vectors for ${batch.length} bullet texts; it must return one per text. Nothing was merged.` });
    }
    batch.forEach((text, offset) => cache.vectors.set(text, vectors[offset]!));
  }
  // The cache holds only the texts of bullets still there.
  const live = new Set(bullets.map((bullet) => bullet.content));
  for (const text of cache.vectors.keys()) if (!live.has(text)) cache.vectors.delete(text);
  let merged = 0;
  const kept: typeof bullets = [];
  for (const bullet of bullets) {
    const vector = cache.vectors.get(bullet.content)!;
    const into = kept.find((earlier) => earlier.section === bullet.section && cosine(cache.vectors.get(earlier.content)!, vector) >= threshold);
    if (into && applyKnown(runtime, { op: 'merge', from: bullet.id, into: into.id }) !== undefined) merged++;
    else kept.push(bullet);
  }
  return merged;
}
