import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** One `.traj` file found in a source: the run id (file stem) and a way to read its text. */
export interface TrajectoryFile {
  runId: string;
  read: () => string;
}

const TRAJ_SUFFIX = '.traj';
const GIT_FOLDER = 'trajs/';

/** True when `dir` is a bare git directory (what the fetch tool returns), not a work tree. */
const isGitDir = (dir: string): boolean => existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects'));

/**
 * The `.traj` files of a folder, or of `trajs/` at `HEAD` in a bare git directory of
 * `NL2Code/CodeR`, sorted by run id.
 *
 * @param source - A folder of `.traj` files, or a bare git directory.
 * @returns The files, each read on demand.
 */
export function listTrajectories(source: string): TrajectoryFile[] {
  if (isGitDir(source)) {
    const git = (...args: string[]): string => execFileSync('git', ['--git-dir', source, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
    return git('ls-tree', '--name-only', 'HEAD', GIT_FOLDER)
      .split('\n')
      .filter((path) => path.endsWith(TRAJ_SUFFIX))
      .sort()
      .map((path) => ({ runId: basename(path, TRAJ_SUFFIX), read: () => git('show', `HEAD:${path}`) }));
  }
  return readdirSync(source)
    .filter((name) => name.endsWith(TRAJ_SUFFIX))
    .sort()
    .map((name) => ({ runId: basename(name, TRAJ_SUFFIX), read: () => readFileSync(join(source, name), 'utf8') }));
}
