/**
 * Signatures of permanent failures: the outcome follows from the call's own input and the state it
 * ran in, so the very same call into the same state fails the very same way. Written from how
 * shells, POSIX errno texts, language runtimes, compilers, test runners, HTTP and package managers
 * report such failures (issue 15, guard3 session), each line matched on its own:
 *
 * - something missing: ENOENT "No such file or directory", "command not found", "not found",
 *   "does not exist", `NoSuchKey`-style SDK codes, "unknown option / column / command", "cannot
 *   find", a missing module or import, an undefined name, a pathspec that matched nothing;
 * - a refusal that stays: EACCES / EPERM "Permission denied", "Operation not permitted", "access
 *   denied", "forbidden", "unauthorized", a read-only file system;
 * - an input the callee rejects: "invalid …", "unrecognized option", "usage:", "missing required",
 *   "no <argument> given / specified",
 *   "must be", "expected … got", "malformed", "not supported", too many / few arguments;
 * - code that does not parse, type-check or compile: `SyntaxError`, `TypeError`, `error TS2322`,
 *   `error[E0425]`, "unexpected token", "could not compile";
 * - a conflict with the state: "already exists", a failed constraint or duplicate key, "would be
 *   overwritten", "insufficient …", "is not in … status", "cannot be …", no space left on device;
 * - a domain's refusal: "not enough seats", "balance is not enough", "does not add up", "not
 *   available on <date>" (these four read on the tune half of the tau-bench runs);
 * - failing tests and assertions (`FAILED`, `AssertionError`, "3 failed");
 * - a program that crashed with an uncaught exception (a Python traceback, a Java "Exception in
 *   thread"): deterministic code crashes the same way on the same input;
 * - HTTP 4xx other than 408 Request Timeout, 423 Locked, 425 Too Early and 429 Too Many Requests
 *   (those four clear by themselves: the same request may well pass later).
 */
const PERMANENT_LINES: readonly RegExp[] = [
  // Something missing.
  /\b(no such (file|directory|file or directory|command|table|column|key|user|host|option|process)|command not found|not found|does not exist|doesn'?t exist|NotFound|NoSuch[A-Z]\w*|ENOENT|ENOTDIR|EISDIR)\b/i,
  /\b(unknown|unrecognized|unrecognised) (option|flag|argument|arguments|command|subcommand|column|table|field|key|parameter|revision|attribute|property|type|database|switch)\b/i,
  /\b(can ?not|can't|could not|couldn't|unable to|failed to) (find|locate|stat|access|open|import|resolve (module|import|symbol|reference|dependency|dependencies|package))\b/i,
  /\b(no module named|cannot import name|ModuleNotFoundError|ImportError|is not defined|undefined (reference|variable|symbol|method|name|index)|has no attribute|has no member|did not match any|not a git repository|no rule to make target|no matching (distribution|version|manifest|function)|no matches found|no version of|not a directory|is a directory)\b/i,
  // A refusal that stays.
  /\b(permission denied|operation not permitted|access (is )?denied|AccessDenied\w*|EACCES|EPERM|forbidden|unauthori[sz]ed|not authori[sz]ed|not permitted|authentication failed|invalid (api key|token|credentials|password)|incorrect (api key|password)|read-only file system|EROFS)\b/i,
  // An input the callee rejects.
  /\b(invalid|illegal|malformed|unsupported|not supported|not allowed|missing required|is required|no \w+ (given|specified|provided|supplied)|are required|required (argument|parameter|field|option|property)|too (many|few) arguments|takes \d+ positional|unexpected keyword argument|missing \d+ required|must (be|have|not|contain|match|specify)|expected .+ (got|but got|found|received)|does not match|out of range|unterminated|bad (request|argument|option|substitution))\b|\busage:/i,
  // Code that does not parse, type-check or compile.
  /\b(SyntaxError|IndentationError|TabError|TypeError|ValueError|KeyError|IndexError|AttributeError|NameError|AssertionError|ZeroDivisionError|UnboundLocalError|RecursionError|NotImplementedError|FileNotFoundError|FileExistsError|IsADirectoryError|NotADirectoryError|PermissionError|UnicodeDecodeError|JSONDecodeError|ReferenceError|RangeError|NullPointerException|IllegalArgumentException|IllegalStateException|ClassNotFoundException|NoSuchMethodError|NumberFormatException|ClassCastException|ArrayIndexOutOfBoundsException)\b/,
  /\b(syntax error|parse error|unexpected (token|end of|EOF|indent|character|identifier)|error TS\d+|error CS\d+|error\[E\d+\]|could not compile|compilation (failed|error|terminated)|is not assignable to|incompatible types|mismatched types|cannot be applied to|not callable|not iterable|not subscriptable)\b/i,
  // A domain's refusal (not enough seats, a balance that is not enough, a sum that does not add up).
  /\b(not enough \w+|is not enough|not available (on|for|at|in)|(does not|doesn'?t) (add up|match|support|accept|allow))\b/i,
  // A program that crashed with an uncaught exception (Python, Java): deterministic code, the same
  // input crashes the same way (a transient exception at its end is read first, as transient).
  /^Traceback \(most recent call last\)|^Exception in thread "[^"]*" [\w.$]+/,
  // A conflict with the state.
  /\b(already exists|file exists|EEXIST|constraint failed|duplicate key|duplicate entry|violates \w+( \w+)? constraint|IntegrityError|would be overwritten|directory not empty|ENOTEMPTY|insufficient \w+|is not in \w+( \w+)? (status|state)|cannot be (cancelled|canceled|modified|changed|updated|deleted|exchanged|returned|used|applied)|no space left on device|ENOSPC|disk quota exceeded)\b/i,
  // Failing tests and assertions.
  /^\s*(FAILED|FAIL)\b|\b\d+ (failed|failing)\b|\btests? failed\b|\bassert(ion)? failed\b/,
  // HTTP 4xx except 408, 423, 425 and 429.
  /(\b(HTTP\/?[\d.]*\s+|status(\s+code)?:?\s*|error:?\s*\(?|code:?\s*)|\()4(0[0-79]|1\d|2[0124678]|[3-9]\d)\b/i,
  /\b4\d\d\s*[-:]?\s*(Bad Request|Unauthorized|Payment Required|Forbidden|Not Found|Method Not Allowed|Not Acceptable|Conflict|Gone|Length Required|Precondition (Failed|Required)|(Payload|Request Entity) Too Large|URI Too Long|Unsupported Media Type|Range Not Satisfiable|Expectation Failed|Unprocessable (Entity|Content)|Upgrade Required|Unavailable For Legal Reasons)\b/i,
];

/** Lines that quote files or search hits; their text is never a fault of this call. */
const QUOTED_LINE = /^\s*(\d+:|Line \d+:|\[File: |[\w./-]+:\d+:)/;

/**
 * Whether a failed tool output carries a recognised permanent-failure signature (see the list
 * above: something missing, a permission refused, an input rejected, code that does not compile,
 * a conflict with the state, failing tests, HTTP 4xx other than 408 / 423 / 425 / 429) on an
 * unquoted line: the same call into the same state will fail the same way. Transient faults are
 * read first (`isTransientFailure`); a failure that is neither is of unknown class.
 *
 * @param text - The tool output (or its most telling line).
 * @returns True when a line reads as a permanent failure.
 *
 * @example
 * ```ts
 * isPermanentFailure("ls: cannot access 'x': No such file or directory"); // true
 * isPermanentFailure('Error: exit code 1'); // false: nothing says why
 * ```
 */
export function isPermanentFailure(text: string): boolean {
  return text.split('\n').some((line) => !QUOTED_LINE.test(line) && PERMANENT_LINES.some((pattern) => pattern.test(line)));
}
