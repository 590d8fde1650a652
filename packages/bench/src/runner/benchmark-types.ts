import type { CairnMessage } from '@cairn/core';

/** A question asked of a session, with the messages that answer it. */
export interface BenchmarkProbe {
  /** Unique within the session. */
  id: string;
  question: string;
  /** The expected answer, when there is one. */
  answer?: string;
  /** Ids of the messages that hold the answer. */
  evidence: readonly string[];
  /** The probe is asked after this many messages. */
  atMessageIndex: number;
  /** Planted anchors (ids, numbers, names) that must be in view when the probe is asked (synthetic). */
  anchors?: readonly string[];
}

/** One session of a data set, ready to replay. */
export interface BenchmarkSession {
  /** Unique within the data set, e.g. `conv-26` or `django__django-11179#Programmer`. */
  id: string;
  /** The messages, in order; every tool call's results directly after it. */
  messages: readonly CairnMessage[];
  /** Questions to ask (empty for agent runs without probes). */
  probes: readonly BenchmarkProbe[];
  /** `agent`: replayed turn by turn (a view before each assistant message); `conversation`: probes only. */
  replay: 'agent' | 'conversation';
}

/** A named set of sessions. */
export interface BenchmarkDataset {
  /** E.g. `synthetic`, `locomo`, `tau-bench-airline`, `coder-swebench-lite`. */
  name: string;
  /** One line on what it holds. */
  description: string;
  sessions: readonly BenchmarkSession[];
}

/** The measured metrics of one strategy on one data set at one budget (`undefined`: not measured). */
export interface BenchmarkMetrics {
  /** Views assembled (turns and probes). */
  views: number;
  /** Views whose call threw; they count as empty views. */
  failedViews: number;
  /** Mean evidence recall over probes with evidence. */
  evidenceRecall?: number;
  /** Mean answer recall over probes with an answer. */
  answerRecall?: number;
  /** Mean share of planted anchors in view when their probe is asked. */
  anchorRetention?: number;
  /** Mean MDL quality of turn views: compression ratio × (1 − share of the history's anchors lost). */
  mdlQuality?: number;
  /** Views with an orphan tool result or an unanswered call. */
  toolPairViolations: number;
  /** Views over budget by the benchmark's counter. */
  overBudgetViews: number;
  /** 1 − view tokens / history tokens, summed over views (what `full` would send). */
  tokenReduction?: number;
  /** Share of dead-end checks where the earlier failure was visible. */
  deadEndExposure?: number;
  /** Dead-end checks made. */
  deadEndChecks: number;
  /** Mean share of the previous turn's view kept as an unchanged prefix (adjacent turns only). */
  prefixStability?: number;
  /** Mean view tokens of a turn whose previous call was observed (adjacent turns only). */
  turnTokens?: number;
  /**
   * Mean billed tokens of those turns: the prefix shared with the previous call at the cached
   * price (`cachedTokenRatio` of an uncached token, default 0.1), the rest at full price.
   */
  billedTokens?: number;
  /** Median time of one view call, in milliseconds. */
  viewLatencyP50?: number;
  /** 95th-percentile time of one view call, in milliseconds. */
  viewLatencyP95?: number;
  /** Messages ingested per second. */
  ingestThroughput?: number;
  /** Probes asked. */
  probes: number;
  /** Up to five distinct errors that strategy calls threw. */
  errors?: string[];
}

/** One strategy on one data set at one budget. */
export interface BenchmarkCell {
  dataset: string;
  strategy: string;
  /** Share of each session's history tokens. */
  budget: number;
  metrics: BenchmarkMetrics;
}

/** What {@link runBenchmark} returns. */
export interface BenchmarkResult {
  /** Budgets, as shares of each session's history tokens. */
  budgets: readonly number[];
  /** The floor under every budget, in tokens (0: none). */
  minBudgetTokens: number;
  strategies: readonly { name: string; description: string }[];
  datasets: readonly { name: string; description: string; sessions: number; messages: number; probes: number }[];
  cells: readonly BenchmarkCell[];
  /** The token counter's id (`o200k_base`). */
  tokenizer: string;
  /** Wall-clock time of the run, in milliseconds. */
  durationMs: number;
}
