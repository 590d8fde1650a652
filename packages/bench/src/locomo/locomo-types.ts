import type { JsonValue } from './to-python-json.js';

/** LoCoMo's question categories by number. */
export const LOCOMO_CATEGORY_NAMES = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
} as const;

/** A LoCoMo category's name, e.g. `temporal`. */
export type LocomoCategoryName = (typeof LOCOMO_CATEGORY_NAMES)[keyof typeof LOCOMO_CATEGORY_NAMES];

/** One line of `conv-<id>.session.jsonl`, keys in the order they are written. */
export interface LocomoMessageRecord {
  /** The turn's `dia_id`, e.g. `D3:14`. */
  id: string;
  /** `user` for `speaker_a`, `assistant` for `speaker_b`. */
  role: 'user' | 'assistant';
  /** The speaker. */
  name: string;
  /** The turn's text, then ` [image: <blip_caption>]` when it shared an image. */
  content: string;
  /** The session's date, e.g. `2023-05-08T13:56:00` (local time, no offset). */
  timestamp: string;
  /** The 1-based session number. */
  session: number;
}

/** One line of `conv-<id>.probes.jsonl`, keys in the order they are written. */
export interface LocomoProbeRecord {
  question: string;
  /** The expected answer as upstream gives it (a string or a number); `null` when it has none (adversarial). */
  answer: JsonValue;
  /** Message ids, with upstream entries like `"D8:6; D9:17"` split on `;` and whitespace. */
  evidence: string[];
  /** 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial. */
  category: number;
  /** The category's name, `null` for a number outside 1–5. */
  category_name: LocomoCategoryName | null;
  /** Upstream's evidence as it was, present only when splitting changed it. */
  evidence_raw?: string[];
  /** For adversarial questions: the answer the question tempts (present when upstream has the key). */
  adversarial_answer?: JsonValue;
}

/** A converted LoCoMo conversation. */
export interface LocomoConversion {
  /** The conversation's id, e.g. `42` (files `conv-42.*.jsonl`). */
  id: string;
  /** Every turn of every session, in order. */
  messages: LocomoMessageRecord[];
  /** Every question, in upstream order. */
  probes: LocomoProbeRecord[];
  /** The messages as JSONL, one `toPythonJson` line each, each ending in `\n`. */
  sessionJsonl: string;
  /** The probes as JSONL, likewise. */
  probesJsonl: string;
}
