export { cairnMiddleware } from './cairn-middleware.js';
export type { CairnMiddleware, CairnMiddlewareStats } from './cairn-middleware.js';
export {
  DEFAULT_GUARD,
  DEFAULT_MAX_BLOCKED_RETRIES,
  DEFAULT_MAX_OPEN_SESSIONS,
  DEFAULT_MAX_UNNAMED_ENGINES,
  DEFAULT_MAX_UNNAMED_MESSAGES,
  DEFAULT_ON_HISTORY_MISMATCH,
  DEFAULT_REFLECT_EVERY,
} from './cairn-middleware-options.js';
export type { CairnGuardMode, CairnMiddlewareOptions, CairnViewInfo, HistoryMismatchMode } from './cairn-middleware-options.js';
export { embeddingModelEmbedder } from './embedding-model-embedder.js';
export { DEFAULT_MODEL_TIMEOUT_MS, DEFAULT_SUMMARY_INSTRUCTIONS, languageModelSummarizer } from './language-model-summarizer.js';
export type { LanguageModelSummarizerOptions } from './language-model-summarizer.js';
export { languageModelReflector } from './language-model-reflector.js';
export type { LanguageModelReflectorOptions } from './language-model-reflector.js';
export { cairnTools } from './cairn-tools.js';
export type { CairnToolsOptions } from './cairn-tools.js';
export { pageTools } from './page-tools.js';
export type { PageToolsOptions } from './page-tools.js';
export { scheduleIdleConsolidation } from './schedule-idle-consolidation.js';
export type { IdleConsolidation, IdleConsolidationOptions } from './schedule-idle-consolidation.js';
