const MARKER = Symbol.for('cairn.bench.session-format-error');

/** Options for {@link SessionFormatError}. */
export interface SessionFormatErrorOptions {
  /** The file name or label the text came from. */
  source: string;
  /** 1-based line of a JSONL file (or of a JSON file that does not parse), when known. */
  line?: number;
  /** 0-based element of a JSON array, when the problem is in one message. */
  index?: number;
  /** What is wrong, in one line. */
  reason: string;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * A session or probe file that cannot be read as cairn messages. Its message names the place:
 * `runs/x.jsonl:17: not valid JSON (…)` or `chat.json[3]: …`. Recognise it with
 * {@link SessionFormatError.isInstance}, which works across copies of this package.
 *
 * @example
 * ```ts
 * try { parseSessionJsonl(text, 'runs/x.jsonl'); }
 * catch (error) { if (SessionFormatError.isInstance(error)) console.error(error.message); }
 * ```
 */
export class SessionFormatError extends Error {
  readonly [MARKER] = true;
  /** The file name or label the text came from. */
  readonly source: string;
  /** 1-based line, when known. */
  readonly line: number | undefined;
  /** 0-based JSON array element, when known. */
  readonly index: number | undefined;
  /** What is wrong, without the place. */
  readonly reason: string;

  constructor({ source, line, index, reason, cause }: SessionFormatErrorOptions) {
    const place = line !== undefined ? `${source}:${line}` : index !== undefined ? `${source}[${index}]` : source;
    super(`${place}: ${reason}`, { cause });
    this.name = 'SessionFormatError';
    this.source = source;
    this.line = line;
    this.index = index;
    this.reason = reason;
  }

  /** True when `error` is a `SessionFormatError` from any copy of this package. */
  static isInstance(error: unknown): error is SessionFormatError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
