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

// Benchmark metrics, runner and reports (cairn bench).
export {
  anchorRetention,
  answerRecall,
  contentWords,
  countViewTokens,
  type BenchmarkViewMessage,
  type DeadEndCheck,
  errorLine,
  errorLines,
  billedTokens,
  type CallTokens,
  callTokens,
  DEFAULT_CACHED_TOKEN_RATIO,
  EVIDENCE_WORD_SHARE,
  evidenceRecall,
  type EvidenceRecallOptions,
  findDeadEndChecks,
  hasToolPairViolation,
  isFailureVisible,
  messageText,
  percentile,
  renderedFidelity,
  renderedIds,
  stablePrefixShare,
  textWords,
  viewText,
  wordCoverage,
} from './metrics/index.js';
export {
  type BenchmarkCell,
  type BenchmarkDataset,
  type BenchmarkMetrics,
  type BenchmarkProbe,
  type BenchmarkProgress,
  type BenchmarkResult,
  type BenchmarkSession,
  type BillingCell,
  type BillingResult,
  type Checkpoint,
  DEFAULT_BILLING_BUDGETS,
  DEFAULT_MIN_LENGTH_RATIO,
  runBillingBenchmark,
  type RunBillingBenchmarkOptions,
  createCachingTokenCounter,
  createSyntheticDataset,
  DEFAULT_BUDGETS,
  DEFAULT_MAX_TURNS,
  DEFAULT_SYNTHETIC_SPECS,
  findTurnPoints,
  latestUserText,
  loadDatasets,
  type LoadDatasetsOptions,
  type PreparedSession,
  prepareSession,
  runBenchmark,
  type RunBenchmarkOptions,
  sampleTurnPoints,
  type SampleTurnPointsOptions,
  splitByAgent,
  type SyntheticSessionSpec,
  toBenchmarkSession,
} from './runner/index.js';
export {
  type BarChartOptions,
  type BarGroup,
  billingLosses,
  type CairnLoss,
  renderBillingTable,
  escapeHtml,
  findCairnLosses,
  formatBudget,
  formatMetric,
  type HtmlReportOptions,
  METRIC_DEFINITIONS,
  type MetricDefinition,
  renderBarChart,
  renderHtmlReport,
  renderTable,
  type RenderTableOptions,
} from './report/index.js';
export {
  BM25_B,
  BM25_K1,
  bm25Terms,
  CAIRN_PROVIDER_OPTIONS_KEY,
  createBm25Index,
  createBm25Strategy,
  createCairnStrategy,
  createCairnEmbeddingsStrategy,
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
  CairnStrategyOptions,
  CairnEmbeddingsStrategyOptions,
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
export { formatGuardReport } from './guard/format-guard-report.js';
export { formatGuardTable, type GuardTableRow } from './guard/format-guard-table.js';
export { type ExposureEntry, type ExposureRow, measureExposure, type MeasureExposureOptions } from './guard/measure-exposure.js';
export { type GuardFlags, type GuardMeasurement, type GuardSession, measureGuard, type MeasureGuardOptions } from './guard/measure-guard.js';
export { DEFAULT_EXPOSURE_BUDGET, GUARD_SYNTHETIC_SESSIONS, type GuardReport, runGuardReport, type RunGuardReportOptions } from './guard/run-guard-report.js';
export { splitRuns } from './guard/split-runs.js';
export { HOLDOUT_TRANSIENT_OUTPUTS, INJECTED_TRANSIENT, injectTransientFaults, type InjectTransientFaultsOptions, SECOND_HOLDOUT_TRANSIENT_OUTPUTS, TUNE_TRANSIENT_OUTPUTS } from './guard/inject-transient-faults.js';
export { type FailureClassRow, formatFailureClassReport, runFailureClassReport } from './guard/run-failure-class-report.js';
export { type LessonFalsePositives, measureLessonFalsePositives, type MeasureLessonFalsePositivesOptions } from './guard/measure-lesson-false-positives.js';
export { measurePlaybookOnSessions, measurePlaybookUtility, type PlaybookSessionMeasurement, type PlaybookUtilityMeasurement } from './playbook/measure-playbook.js';
export { DEFAULT_LOAD_MESSAGES, DEFAULT_LOAD_SESSION_SIZE, DEFAULT_LOAD_SESSIONS, DEFAULT_MAX_BATCH, runStoreLoad, type RunStoreLoadOptions, type StoreLoadResult } from './store-load/run-store-load.js';

// SWE-agent / CodeR trajectories → the neutral JSONL format.
export { compareNeutralSessions, type SessionComparison } from './swe-agent/compare-neutral-sessions.js';
export { convertSweAgentTrajectory, type ConvertSweAgentTrajectoryOptions, type SweAgentConversion } from './swe-agent/convert-swe-agent-trajectory.js';
export { DEFAULT_SIGNATURE_LENGTH, labelToolFailure, type LabelToolFailureOptions, type ToolFailureLabel } from './swe-agent/label-tool-failure.js';
export type { NeutralMessageRecord, NeutralToolCallRecord, SweAgentHistoryEntry, ToolFailureKind } from './swe-agent/swe-agent-types.js';

// Upstream LoCoMo conversations → the benchmark's locomo files.
export { convertLocomoConversation, type ConvertLocomoConversationOptions } from './locomo/convert-locomo-conversation.js';
export { LOCOMO_CATEGORY_NAMES, type LocomoCategoryName, type LocomoConversion, type LocomoMessageRecord, type LocomoProbeRecord } from './locomo/locomo-types.js';
export { parseLocomoTimestamp } from './locomo/parse-locomo-timestamp.js';
export { type JsonValue, toPythonJson } from './locomo/to-python-json.js';
export {
  cohensKappa,
  compareLabellers,
  evaluateLoopDetection,
  formatSecondLabellerReport,
  hasExactRepeat,
  listUnitActions,
  hashAgentTurns,
  replayLoopDetection,
  reportSecondLabeller,
  scoreAgainstLabels,
  scoreDetections,
  syntheticLoopEpisode,
  type DetectionScore,
  type KappaResult,
  type LabelDisagreement,
  type LabelledLoopUnit,
  type LabelledScore,
  type LabellerComparison,
  type LabellerScoreRow,
  type LoopDetectionRow,
  type LoopDetectorKind,
  type LoopEpisode,
  type LoopEpisodeKind,
  type HashedTurn,
  type LoopReplay,
  type SecondLabellerInput,
  type SecondLabellerReport,
  type UnitAction,
} from './loops/index.js';
export { OVERLAP_CHOICE, formatThirdLabellerReport, reportThirdLabeller, type ThirdLabellerInput, type ThirdLabellerReport, type ThirdLabellerScoreRow } from './loops/index.js';
export { syntheticNearLoopEpisode, type NearLoopEpisode, type NearLoopEpisodeKind } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND, BLIND_LOOP_KINDS, blindLoopEpisode, blindLoopEpisodes, type BlindLoopEpisode, type BlindLoopEpisodeKind } from './loops/index.js';
export { countStuckRaises, type StuckCount } from './loops/index.js';
export { OVERLAP_THIRD_CHOICE, formatFourthLabellerReport, reportFourthLabeller, type FourthLabellerInput, type FourthLabellerReport, type FourthLabellerScoreRow } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_2, BLIND_LOOP_KINDS_2, blindLoopEpisode2, blindLoopEpisodes2, type BlindLoopEpisode2, type BlindLoopEpisodeKind2 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_3, BLIND_LOOP_KINDS_3, blindLoopEpisode3, blindLoopEpisodes3, type BlindLoopEpisode3, type BlindLoopEpisodeKind3 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_4, BLIND_LOOP_KINDS_4, blindLoopEpisode4, blindLoopEpisodes4, type BlindLoopEpisode4, type BlindLoopEpisodeKind4 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_5, BLIND_LOOP_KINDS_5, OBSERVED_KINDS_5, blindLoopEpisode5, blindLoopEpisodes5, type BlindLoopEpisode5, type BlindLoopEpisodeKind5, type BlindLoopStratum5 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_6, BLIND_LOOP_KINDS_6, OBSERVED_KINDS_6, blindLoopEpisode6, blindLoopEpisodes6, type BlindLoopEpisode6, type BlindLoopEpisodeKind6, type BlindLoopStratum6 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_7, BLIND_LOOP_KINDS_7, OBSERVED_KINDS_7, blindLoopEpisode7, blindLoopEpisodes7, type BlindLoopEpisode7, type BlindLoopEpisodeKind7, type BlindLoopStratum7 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_8, BLIND_LOOP_KINDS_8, OBSERVED_KINDS_8, blindLoopEpisode8, blindLoopEpisodes8, type BlindLoopEpisode8, type BlindLoopEpisodeKind8, type BlindLoopStratum8 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_9, BLIND_LOOP_KINDS_9, OBSERVED_KINDS_9, blindLoopEpisode9, blindLoopEpisodes9, type BlindLoopEpisode9, type BlindLoopEpisodeKind9, type BlindLoopStratum9 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_10, BLIND_LOOP_KINDS_10, OBSERVED_KINDS_10, blindLoopEpisode10, blindLoopEpisodes10, type BlindLoopEpisode10, type BlindLoopEpisodeKind10, type BlindLoopStratum10 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_11, BLIND_LOOP_KINDS_11, OBSERVED_KINDS_11, blindLoopEpisode11, blindLoopEpisodes11, type BlindLoopEpisode11, type BlindLoopEpisodeKind11, type BlindLoopStratum11 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_12, BLIND_LOOP_KINDS_12, OBSERVED_KINDS_12, blindLoopEpisode12, blindLoopEpisodes12, type BlindLoopEpisode12, type BlindLoopEpisodeKind12, type BlindLoopStratum12 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_13, BLIND_LOOP_KINDS_13, OBSERVED_KINDS_13, blindLoopEpisode13, blindLoopEpisodes13, type BlindLoopEpisode13, type BlindLoopEpisodeKind13, type BlindLoopStratum13 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_14, BLIND_LOOP_KINDS_14, OBSERVED_KINDS_14, blindLoopEpisode14, blindLoopEpisodes14, type BlindLoopEpisode14, type BlindLoopEpisodeKind14, type BlindLoopStratum14 } from './loops/index.js';
export { BLIND_EPISODES_PER_KIND_15, BLIND_LOOP_KINDS_15, OBSERVED_KINDS_15, blindLoopEpisode15, blindLoopEpisodes15, type BlindLoopEpisode15, type BlindLoopEpisodeKind15, type BlindLoopStratum15 } from './loops/index.js';

// CDA metrics (issue 15): dead-end repetition rate (replay proxy) and alignment stability.
export { measureDeadEndRepetition, type MeasureDeadEndRepetitionOptions, type RepetitionConfig, type RepetitionRow } from './lessons/measure-dead-end-repetition.js';
export { measureAlignmentStability, type AlignmentRow, type MeasureAlignmentStabilityOptions } from './lessons/measure-alignment-stability.js';

// LoCoMo haystacks: a conversation's sessions among other conversations' (long-memory set).
export {
  buildLocomoHaystack,
  type ConversationSession,
  createLocomoHaystackDataset,
  DEFAULT_HAYSTACK_SEED,
  findNicknames,
  findSpeakers,
  type HaystackOrigin,
  interleave,
  type LocomoHaystackDatasetOptions,
  type LocomoHaystackOptions,
  type PlacedSession,
  placeSessionDates,
  renameSpeakers,
  type SpeakerPair,
  splitSessions,
} from './haystack/index.js';
