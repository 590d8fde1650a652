import { classifyToolEffect, toolVerb } from './classify-tool-effect.js';

/**
 * What a failed call depended on, read from the call and its error output without an LLM; a
 * state change invalidates the failure only when it touches one of these (see `touchesFailure`).
 */
export interface FailureDependencies {
  /** Files and folders named in the call's command line or path arguments and in its output (traceback frames, "No such file" lines…), normalised by {@link normalisePath}. */
  paths: string[];
  /** Python modules the output says are missing or unimportable (`No module named 'x'`, `cannot import name … from 'x'`). */
  modules: string[];
  /**
   * True when the failure may depend on any file: a run whose output shows no traceback (the code
   * it went through is unknown), or a search naming no file (it reads a whole folder). Then every
   * change that writes touches it; opening a file does not.
   */
  anyFile: boolean;
  /** True when the output says a file is missing ("No such file", "File x not found"): editing an existing file cannot change that. */
  missingFile: boolean;
  /** True when the call acts on the open file (an edit, `goto`, `scroll_down`, `search_file` without a file…), so opening another file changes its outcome. */
  openFile: boolean;
}

/** Tools whose command acts on the file the agent has open when they name no file themselves. */
const IN_FILE_VERB = /^(edit|insert|append|prepend|replace|str_replace|undo_edit|goto|scroll|scroll_up|scroll_down|search_file|find_in_file|view_lines)$/i;
/** Argument keys that name a file a call reads or writes. */
const PATH_KEYS = /^(path|paths|file|files|filename|file_name|file_path|filepath|target|target_file|source|destination|dir|directory|cwd)$/i;
/** A path-like token: has a folder separator, or a file extension of letters. */
const PATH_TOKEN = /^(?:[\w.~-]*\/)+[\w.-]*$|^[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,5}$/;
const TOKEN_SEPARATORS = /[\s"'`(),;:=<>[\]{}|&]+/;
const TRACEBACK_FRAME = /^\s*File "[^"]+", line \d+/m;
/** The tool itself is missing or broken: only the environment (an install, the script named) can change that. */
const TOOL_BROKEN = /\bcommand not found\b|\bis not recognized as an internal or external command\b/i;
const MISSING_FILE = /No such file or directory|can't open file|^\s*(File|Directory) .+ not found\s*$/m;
const MISSING_MODULE = /No module named '?([\w.]+)'?|cannot import name '?\w+'? from (?:partially initialized module )?'([\w.]+)'/g;

/**
 * The normal form of a path token: quotes, a leading `./` and trailing slashes dropped, `\` read as
 * `/`. Paths are compared by their trailing parts ({@link pathsOverlap}), so relative and absolute
 * forms of one file meet.
 */
export function normalisePath(token: string): string {
  return token.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
}

/** The path-like tokens of a text (see `PATH_TOKEN`), normalised, without URLs, duplicates or `.`/`..`. */
export function pathsIn(text: string): string[] {
  const paths = new Set<string>();
  for (const token of text.replace(/https?:\/\/\S+/g, ' ').split(TOKEN_SEPARATORS)) {
    const path = normalisePath(token.replace(/^[.,]+(?=[^./])|[.,]+$/g, ''));
    if (path !== '' && path !== '.' && path !== '..' && PATH_TOKEN.test(path)) paths.add(path);
  }
  return [...paths];
}

/**
 * True when two normalised paths may name the same file or folder: one's parts are the trailing
 * parts of the other's (`reproduce.py` and `/repo/reproduce.py`), or one is a folder holding the
 * other (`/repo/pkg` and `/repo/pkg/mod.py`).
 */
export function pathsOverlap(first: string, second: string): boolean {
  const a = first.split('/').filter(Boolean);
  const b = second.split('/').filter(Boolean);
  if (a.length === 0 || b.length === 0) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const tail = longer.slice(longer.length - shorter.length);
  if (tail.every((part, index) => part === shorter[index])) return true;
  const absolute = first.startsWith('/') && second.startsWith('/');
  return absolute && shorter.every((part, index) => part === longer[index]);
}

/** The first line of every string in the arguments, and the whole value of path-named keys. */
function argumentLines(args: unknown): string[] {
  if (typeof args === 'string') return [args.split('\n')[0] ?? ''];
  if (typeof args !== 'object' || args === null) return [];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(args as Record<string, unknown>)) {
    if (typeof value === 'string') lines.push(PATH_KEYS.test(key) ? value : (value.split('\n')[0] ?? ''));
    else if (Array.isArray(value) && PATH_KEYS.test(key)) lines.push(...value.filter((item): item is string => typeof item === 'string'));
  }
  return lines;
}

/**
 * The files a call names in its arguments: path-like tokens of its command line (the first line
 * of each string argument, so an edit's new text does not count) and of path-named keys
 * (`path`, `file`, `target`…). The tool name and its verb are left out.
 *
 * @example
 * ```ts
 * argumentPaths('bash', { command: 'python reproduce.py' }); // ['reproduce.py']
 * ```
 */
export function argumentPaths(name: string, args: unknown): string[] {
  const verb = toolVerb(name, args);
  const lines = argumentLines(args);
  // A search's first argument is what it looks for (`search_file "pytest.skip(" src/a.py`), not a file.
  const searched = SEARCH_VERB.test(verb) ? lines.map((line) => withoutSearchTerm(line, verb)) : lines;
  return pathsIn(searched.join('\n')).filter((path) => path !== verb && path !== name);
}

/** Commands whose first argument is a search term: `search_file`, `search_dir`, `grep`, `rg`… */
const SEARCH_VERB = /^(search_file|search_dir|search|grep|egrep|fgrep|rg|ag|ack|find_in_file)$/i;

/** A command line without the search term after its verb and options (`grep -n "a.b" x.py` → `grep x.py`). */
function withoutSearchTerm(line: string, verb: string): string {
  const start = line.indexOf(verb);
  if (start < 0) return line;
  const rest = line.slice(start + verb.length).replace(/^(\s+-\S+)*/, '');
  return `${line.slice(0, start + verb.length)} ${rest.trimStart().replace(/^("[^"]*"|'[^']*'|\S+)/, '')}`;
}

/**
 * What a failed call depended on: the files named in its arguments ({@link argumentPaths}) and in
 * its output (traceback frames, error lines), the modules its output says are missing, and
 * whether it acts on the open file (an in-file tool such as `edit`, `goto` or `search_file`, or
 * any state-changing call, that names no file itself).
 *
 * @param name - The tool called.
 * @param args - Its arguments.
 * @param output - The text of its failed result.
 * @param openFile - The file open when it failed, if known: a dependency of calls that act on the open file.
 *
 * @example
 * ```ts
 * failureDependencies('python', { command: 'python r.py' }, 'File "/repo/r.py", line 2\nModuleNotFoundError: No module named \'foo\'');
 * // { paths: ['r.py', '/repo/r.py'], modules: ['foo'], anyFile: false, missingFile: false, openFile: false }
 * ```
 */
export function failureDependencies(name: string, args: unknown, output: string, openFile?: string): FailureDependencies {
  const named = argumentPaths(name, args);
  const verb = toolVerb(name, args);
  const effect = classifyToolEffect(name, args);
  const onOpenFile = named.length === 0 && (IN_FILE_VERB.test(verb) || effect === 'change');
  const paths = [...new Set([...named, ...pathsIn(output), ...(onOpenFile && openFile !== undefined ? [openFile] : [])])];
  const modules = new Set<string>();
  for (const match of output.matchAll(MISSING_MODULE)) modules.add((match[1] ?? match[2])!);
  const broken = TOOL_BROKEN.test(output);
  const blindRun = effect === 'run' && !TRACEBACK_FRAME.test(output);
  const folderSearch = effect === 'observe' && named.length === 0 && !IN_FILE_VERB.test(verb);
  return { paths, modules: [...modules], anyFile: !broken && (blindRun || folderSearch), missingFile: MISSING_FILE.test(output), openFile: onOpenFile };
}
