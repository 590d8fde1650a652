import { classifyToolEffect, toolVerb, type ToolEffect } from './classify-tool-effect.js';
import { argumentPaths, pathsOverlap, type FailureDependencies } from './failure-dependencies.js';

/** What a successful call changed; see {@link stateChangeTargets}. */
export interface StateChangeTargets {
  /** What the call does to the state (`classifyToolEffect`). */
  effect: ToolEffect;
  /** True when what changed is not known: it then touches every failure. */
  unknown: boolean;
  /** Files written, created, moved or removed. */
  paths: string[];
  /** Packages installed or removed (lower case, `-` read as `_`). */
  packages: string[];
  /** True when the call only rewrote the open file in place (an edit naming no file): it creates no file. */
  inPlace: boolean;
  /** True when the call opened another file (in-file calls then act elsewhere). */
  opensFile: boolean;
}

/** Tools that edit the open file when they name no file. */
const EDIT_VERB = /^(edit|insert|append|prepend|replace|str_replace|undo_edit)$/i;
/** Tools that create or open a file and make it the open file. */
const OPEN_VERB = /^(open|open_file|create|create_file|new_file)$/i;
const INSTALL = /(?:^|\s)(?:install|uninstall|add|remove)\s+(.*)$/;
const PACKAGE_MANAGER = /^(pip\d*(\.\d+)?|python\d*(\.\d+)?|conda|mamba|npm|pnpm|yarn|bun|poetry|uv|apt|apt-get|brew|gem|cargo)$/i;

/** `Django==4.2`, `psycopg2-binary` → `django`, `psycopg2_binary`; undefined for local paths and options. */
function packageName(token: string): string | undefined {
  if (token.startsWith('-') || token.includes('/') || token === '.' || token === '..') return undefined;
  const name = token.split(/[=<>~![;@]/)[0]!.toLowerCase().replace(/-/g, '_');
  return name === '' ? undefined : name;
}

/**
 * The packages an install command names, or undefined when it installs something unnamed
 * (`pip install -e .`, `-r requirements.txt`, `npm install` alone).
 */
function installedPackages(command: string): string[] | undefined {
  const words = command.split('\n')[0]!.trim().split(/\s+/).filter((word) => word !== 'sudo' && !/^\w+=/.test(word));
  if (!PACKAGE_MANAGER.test(words[0] ?? '')) return undefined;
  const rest = INSTALL.exec(words.join(' '))?.[1];
  if (rest === undefined) return undefined;
  const tokens = rest.split(/\s+/).filter(Boolean);
  if (tokens.some((token) => token === '-e' || token === '-r' || token === '--editable' || token === '--requirement')) return undefined;
  const names = tokens.map(packageName).filter((name): name is string => name !== undefined);
  return names.length > 0 && names.length === tokens.filter((token) => !token.startsWith('-')).length ? names : undefined;
}

/** The shell command a call carries (for install detection). */
function commandText(args: unknown): string {
  if (typeof args === 'string') return args;
  if (typeof args !== 'object' || args === null) return '';
  const record = args as Record<string, unknown>;
  for (const key of ['command', 'cmd', 'script', 'input']) if (typeof record[key] === 'string') return record[key] as string;
  return '';
}

/**
 * What a successful call changed: for an edit that names no file, the open file (`openFile`, the
 * file last opened or created; unknown when none is known); for an install, the packages named;
 * for any other state-changing call, the files its command line or path arguments name (unknown
 * when none). Opening or creating a file also moves the open file. Observing and running calls
 * change nothing; a navigation other than opening a file (`cd`) is unknown.
 *
 * @param name - The tool called.
 * @param args - Its arguments.
 * @param openFile - The file open before the call, when known.
 *
 * @example
 * ```ts
 * stateChangeTargets('edit', { command: 'edit 3:4\nx = 1\nend_of_edit' }, '/repo/a.py').paths; // ['/repo/a.py']
 * ```
 */
export function stateChangeTargets(name: string, args: unknown, openFile: string | undefined): StateChangeTargets {
  const effect = classifyToolEffect(name, args);
  const verb = toolVerb(name, args);
  const named = argumentPaths(name, args);
  const targets: StateChangeTargets = { effect, unknown: false, paths: [], packages: [], inPlace: false, opensFile: false };
  if (effect === 'observe' || effect === 'run') return targets;
  if (OPEN_VERB.test(verb)) {
    targets.opensFile = true;
    if (effect === 'navigate') return named.length > 0 ? targets : { ...targets, unknown: true };
  }
  if (effect === 'navigate') return { ...targets, unknown: true };
  const packages = installedPackages(commandText(args));
  if (packages) return { ...targets, packages };
  if (named.length > 0) return { ...targets, paths: named };
  if (EDIT_VERB.test(verb) && openFile !== undefined) return { ...targets, paths: [openFile], inPlace: true };
  return { ...targets, unknown: true };
}

/** The file a successful call leaves open: the one it opened or created, else `openFile` unchanged. */
export function nextOpenFile(name: string, args: unknown, openFile: string | undefined): string | undefined {
  if (!OPEN_VERB.test(toolVerb(name, args))) return openFile;
  return argumentPaths(name, args)[0];
}

/**
 * True when a state change touches what a failure depended on, so the failure may not happen
 * again: its target is unknown; it wrote a file the failure named (paths overlap); it opened
 * another file and the failure acted on the open file; or it installed a package while the
 * failure named a missing module or the package (in a path or module name). An in-place edit of
 * the open file never touches a failure that says a file is missing. Failures with no
 * recorded dependencies (from older snapshots) are touched by every change.
 */
export function touchesFailure(change: StateChangeTargets, dependencies: FailureDependencies | undefined): boolean {
  if (change.effect === 'observe' || change.effect === 'run') return false;
  if (change.unknown || dependencies === undefined) return true;
  if (change.opensFile && dependencies.openFile) return true;
  if (change.inPlace && dependencies.missingFile) return false;
  if (dependencies.anyFile && (change.paths.length > 0 || change.packages.length > 0)) return true;
  if (change.paths.some((target) => dependencies.paths.some((path) => pathsOverlap(target, path)))) return true;
  if (change.paths.some((target) => dependencies.modules.some((module) => moduleInPath(module, target)))) return true;
  if (change.packages.length === 0) return false;
  if (dependencies.modules.length > 0) return true;
  const names = new Set(dependencies.paths.flatMap((path) => path.toLowerCase().split('/')));
  return change.packages.some((name) => names.has(name) || names.has('site-packages') || names.has('dist-packages') || names.has('node_modules'));
}

/** True when a file of module `module` (any of its dotted parts as a folder or file stem) may be `path`. */
function moduleInPath(module: string, path: string): boolean {
  const parts = new Set(module.split('.'));
  return path.split('/').some((part) => parts.has(part.replace(/\.\w+$/, '')));
}
