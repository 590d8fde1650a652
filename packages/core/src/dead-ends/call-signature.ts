/** The identity of a tool call at two strengths; see {@link callSignature}. */
export interface CallSignature {
  /** The tool name, verbatim. */
  name: string;
  /** `name` and the arguments as canonical JSON (object keys sorted): equal only for the same call. */
  exact: string;
  /**
   * Like `exact`, with every string argument normalised ({@link nearText}): equal for calls that
   * differ only in whitespace, indentation, quote style or trailing commas.
   */
  near: string;
}

const QUOTES = /[\u2018\u2019\u201c\u201d'`]/g;
const BLANKS = /\s+/g;
const BLANK_AROUND_PUNCTUATION = / ?([^\w\s]) ?/g;
const TRAILING_COMMA_ACROSS_LINES = /,((?:\n *)?[)\]}])/g;
const INDENTATION = /^[ \t]*/;

/**
 * The near-identity form of a string argument: every quote becomes `"`, whitespace runs inside a
 * line collapse to one blank, blanks next to punctuation go, blank lines and trailing blanks go, and
 * a comma right before a closing bracket goes. Case, words, numbers and the blank between two words
 * are kept, so a changed identifier, number or word always changes the result. Indentation is kept
 * (tabs as 4 blanks) on every line but the first: in Python it is meaning, and in the
 * CodeR runs every edit retried with only its indentation changed was a fix that then succeeded.
 *
 * @example
 * ```ts
 * nearText("f( 'a',  b, )") === nearText('f("a",b)'); // true
 * ```
 */
export function nearText(text: string): string {
  const lines: string[] = [];
  for (const line of text.replace(QUOTES, '"').split(/\r?\n/)) {
    const body = line.replace(BLANKS, ' ').replace(BLANK_AROUND_PUNCTUATION, '$1').trim();
    if (body === '') continue;
    const indentation = lines.length === 0 ? '' : (INDENTATION.exec(line)?.[0] ?? '').replace(/\t/g, '    ');
    lines.push(`${indentation}${body}`);
  }
  return lines.join('\n').replace(TRAILING_COMMA_ACROSS_LINES, '$1');
}

/** Canonical JSON of `value`: keys sorted, `undefined` members left out, strings mapped by `text`. */
function canonicalJson(value: unknown, text: (value: string) => string, seen: Set<object>): string {
  if (typeof value === 'string') return JSON.stringify(text(value));
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'boolean' || value === null) return JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return 'null';
  if (seen.has(value)) return '"[circular]"';
  seen.add(value);
  let result: string;
  if (Array.isArray(value)) {
    result = `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item, text, seen))).join(',')}]`;
  } else {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
      .sort();
    result = `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key], text, seen)}`).join(',')}}`;
  }
  seen.delete(value);
  return result;
}

const verbatim = (value: string): string => value;

/**
 * The signatures of a tool call: `exact` (canonical JSON with sorted keys, so key order never
 * matters) and `near` (string arguments also normalised by {@link nearText}, so trivially
 * reformatted code or commands give the same `near`, while a changed identifier, number or word
 * does not). Arguments given as a JSON string are parsed first. Deterministic and pure.
 *
 * @param name - The tool name.
 * @param args - The call's arguments (parsed JSON, usually an object).
 * @returns The name with its exact and near signatures.
 *
 * @example
 * ```ts
 * callSignature('run', { cmd: 'ls  -la', cwd: '/' }).near === callSignature('run', { cwd: '/', cmd: 'ls -la' }).near; // true
 * ```
 */
export function callSignature(name: string, args: unknown): CallSignature {
  const value = parseIfJson(args);
  return {
    name,
    exact: `${name} ${canonicalJson(value, verbatim, new Set())}`,
    near: `${name} ${canonicalJson(value, nearText, new Set())}`,
  };
}

/** Arguments sent as a JSON object or array in a string are read as that value. */
function parseIfJson(args: unknown): unknown {
  if (typeof args !== 'string') return args;
  const trimmed = args.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return args;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return args;
  }
}
