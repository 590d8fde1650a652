// npm run bench -w @cairn/embeddings-static [-- MODEL_PATH]
// Load time (cold: conversion of the JSON; warm: the Float32 cache), embedding throughput on
// dialogue-sized texts, and what embedding costs an engine turn at 1k and 10k messages
// (prepare + assemble with the embedder, beside assemble without it, in the same run).
// Prints a note and exits 0 when the model is not installed (it is an optional peer).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CairnMessage, createContextEngine } from '@cairn/core';
import { createStaticEmbedder, DEFAULT_MODEL_PACKAGE, loadStaticWordModel } from '../src/index.js';

const modelPath = process.argv[2];
const cacheDir = mkdtempSync(join(tmpdir(), 'cairn-embeddings-bench-'));
const time = <T>(run: () => T): { value: T; ms: number } => {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
};
const timeAsync = async <T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
};
try {
  let cold;
  try {
    cold = time(() => loadStaticWordModel({ ...(modelPath ? { modelPath } : {}), cacheDir }));
  } catch (error) {
    console.log(`skipped: ${(error as Error).message} (${DEFAULT_MODEL_PACKAGE} is an optional peer dependency)`);
    process.exit(0);
  }
  const warm = time(() => loadStaticWordModel({ ...(modelPath ? { modelPath } : {}), cacheDir }));
  console.log(`model ${cold.value.name}: ${cold.value.size} words × ${cold.value.dimensions}`);
  console.log(`load: cold (convert + write cache) ${cold.ms.toFixed(0)} ms, warm (cache) ${warm.ms.toFixed(0)} ms`);
  const embedder = createStaticEmbedder({ model: warm.value });
  const words = ['camping', 'painting', 'adoption', 'support', 'group', 'school', 'dog', 'festival', 'music', 'career', 'counselling', 'mountains', 'sunrise', 'family', 'friends'];
  const text = (index: number): string => `I went ${words[index % words.length]} with my ${words[(index * 7) % words.length]} last week and it was great, we talked about ${words[(index * 3) % words.length]} for hours.`;
  const texts = Array.from({ length: 5000 }, (_, index) => text(index));
  embedder.embedSync(texts.slice(0, 200));
  const throughput = time(() => embedder.embedSync(texts));
  console.log(`embedSync: ${((throughput.ms * 1000) / texts.length).toFixed(1)} µs per ${texts[0]!.split(' ').length}-word message (${Math.round((texts.length / throughput.ms) * 1000)} messages/s)`);
  for (const count of [1_000, 10_000]) {
    const messages: CairnMessage[] = Array.from({ length: count }, (_, index) => ({ id: `m${index}`, role: index % 2 ? 'assistant' : 'user', content: text(index) }));
    const question = 'When did she go camping in the mountains?';
    const plain = createContextEngine({ budget: 4_000 });
    const dense = createContextEngine({ budget: 4_000, embedder });
    plain.ingest(messages);
    dense.ingest(messages);
    const first = await timeAsync(() => dense.prepare({ query: question }));
    plain.assemble({ query: question });
    dense.assemble({ query: question });
    // A new question: both engines rescore every unit; the embedder adds its prepare and the dense match.
    const next = `${question} And the sunrise?`;
    const incremental = await timeAsync(() => dense.prepare({ query: next }));
    const plainTurn = time(() => plain.assemble({ query: next }));
    const denseTurn = time(() => dense.assemble({ query: next }));
    console.log(
      `${count} messages: first prepare (embeds all) ${first.ms.toFixed(0)} ms; a new question: prepare ${incremental.ms.toFixed(2)} ms, assemble ${plainTurn.ms.toFixed(1)} ms without the embedder, ${denseTurn.ms.toFixed(1)} ms with it`,
    );
  }
} finally {
  rmSync(cacheDir, { recursive: true, force: true });
}
