export type { BenchmarkCell, BenchmarkDataset, BenchmarkMetrics, BenchmarkProbe, BenchmarkResult, BenchmarkSession } from './benchmark-types.js';
export { createCachingTokenCounter } from './caching-token-counter.js';
export { findTurnPoints, latestUserText } from './find-turn-points.js';
export { loadDatasets, type LoadDatasetsOptions } from './load-datasets.js';
export { type Checkpoint, type PreparedSession, prepareSession } from './prepare-session.js';
export { DEFAULT_BUDGETS, DEFAULT_MAX_TURNS, type BenchmarkProgress, runBenchmark, type RunBenchmarkOptions } from './run-benchmark.js';
export { sampleTurnPoints, type SampleTurnPointsOptions } from './sample-turn-points.js';
export { splitByAgent } from './split-by-agent.js';
export { createSyntheticDataset, DEFAULT_SYNTHETIC_SPECS, type SyntheticSessionSpec, toBenchmarkSession } from './synthetic-dataset.js';
