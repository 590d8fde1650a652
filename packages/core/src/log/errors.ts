const MARKER = Symbol.for('cairn.error');

/**
 * Every error code cairn throws. One union instead of many subclasses, so callers can `switch`
 * on `error.code`.
 */
export type CairnErrorCode =
  | 'INVALID_MESSAGE'
  | 'DUPLICATE_MESSAGE_ID'
  | 'ORPHAN_TOOL_RESULT'
  | 'CONTENT_TOO_LARGE'
  | 'INVALID_BUDGET'
  | 'BUDGET_EXCEEDED'
  | 'INVALID_OPTIONS'
  | 'INVALID_SNAPSHOT'
  /** A store cannot reach its backend (Redis down, connection lost); whether an in-flight write happened is unknown. */
  | 'STORE_UNAVAILABLE'
  | 'UNKNOWN_MESSAGE'
  | 'INVALID_SESSION_KEY'
  | 'SESSION_CONFLICT'
  | 'CORRUPT_SESSION'
  /** A branch name that is empty, too long, or holds a separator or other character outside `[A-Za-z0-9._-]`. */
  | 'INVALID_BRANCH_NAME'
  /** A branch name already used under the same parent (open, merged or discarded). */
  | 'BRANCH_EXISTS'
  /** A merge, discard or write on a branch that was already merged or discarded. */
  | 'BRANCH_CLOSED'
  /** A resource class tag would lower a class (classes only go up: DROPPABLE < REQUIRED < PRESERVED). */
  | 'RESOURCE_DEMOTION'
  /** No crystal with that id (never made, reaped, or in another tenant's scope). */
  | 'UNKNOWN_CRYSTAL'
  /** A crystal that is not one, was changed after it was made, or belongs to another session scope. */
  | 'CORRUPT_CRYSTAL'
  /** A `consult` / `shelve` request that is not `{ ids: string[], reason?: string }`. */
  | 'INVALID_PAGE_REQUEST'
  /** A background model call (an adapter's summariser or reflector) did not answer within its time limit and was abandoned. */
  | 'MODEL_TIMEOUT';

/** Options for {@link CairnError}. */
export interface CairnErrorOptions {
  /** Machine-readable reason. */
  code: CairnErrorCode;
  /** What is wrong, then how to fix it. */
  message: string;
  /** The underlying error, if any. */
  cause?: unknown;
  /** Structured details (ids, sizes) for logs and tests. */
  details?: Readonly<Record<string, unknown>>;
}

/**
 * The one error class of cairn. Recognise it with {@link CairnError.isInstance}, which works even
 * when two copies of `@cairn/core` are installed (it checks a `Symbol.for` marker, not the
 * prototype chain).
 *
 * @example
 * ```ts
 * try { engine.assemble({ budget: -1 }); }
 * catch (error) { if (CairnError.isInstance(error) && error.code === 'INVALID_BUDGET') { ... } }
 * ```
 */
export class CairnError extends Error {
  readonly [MARKER] = true;
  /** Machine-readable reason. */
  readonly code: CairnErrorCode;
  /** Structured details (ids, sizes). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor({ code, message, cause, details = {} }: CairnErrorOptions) {
    super(message, { cause });
    this.name = 'CairnError';
    this.code = code;
    this.details = details;
  }

  /** True when `error` is a `CairnError` from any copy of this package. */
  static isInstance(error: unknown): error is CairnError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
