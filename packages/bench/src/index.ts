export { createSeededRandom, type SeededRandom } from './seeded-random.js';
export {
  DEFAULT_SYNTHETIC_MESSAGES,
  generateSyntheticSession,
  MAX_SYNTHETIC_MESSAGES,
  MIN_SYNTHETIC_MESSAGES,
} from './generate-synthetic-session.js';
export type {
  GenerateSyntheticSessionOptions,
  PlantedFact,
  Probe,
  ProbeKind,
  SyntheticSession,
  SyntheticSessionKind,
} from './synthetic-session-types.js';
export { findToolPairingProblems } from './find-tool-pairing-problems.js';
export { type DatasetProbe, parseProbesJsonl, parseSessionJson, parseSessionJsonl } from './read-session-file.js';
export { readProbesFile, readSessionFile } from './read-session-file-node.js';
export { SessionFormatError, type SessionFormatErrorOptions } from './session-format-error.js';
export {
  BM25_B,
  BM25_K1,
  bm25Terms,
  CAIRN_PROVIDER_OPTIONS_KEY,
  createBm25Index,
  createBm25Strategy,
  createCairnStrategy,
  createClearToolUsesStrategy,
  createFullStrategy,
  createLangChainTokenCounter,
  createPruneStrategy,
  createRecencyStrategy,
  fromLangChainMessage,
  fromLangChainMessages,
  fromModelMessages,
  STRATEGIES,
  STRATEGY_NAMES,
  toLangChainMessage,
  toLangChainMessages,
  toModelMessage,
  toModelMessages,
  trimToRecentMessages,
  viewMessageToCairnMessage,
} from './strategies/index.js';
export type {
  Bm25Index,
  ClearToolUsesStrategyOptions,
  ContextStrategy,
  LangChainTokenCounter,
  PruneStrategyOptions,
  PruneToolCalls,
  StrategyName,
  StrategySession,
  StrategySessionOptions,
  ViewRequest,
} from './strategies/index.js';
