import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WRITER = fileURLToPath(new URL('./session-writer-process.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A writer process of `session-writer-process.ts`. */
export interface Writer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly ready: Promise<void>;
  readonly done: Promise<string[]>;
}

/**
 * Starts a writer process (Node via tsx, sources through the @cairn/source condition) with a job
 * for `session-writer-process.ts` (it names the Redis: `url`, or `clusterUrls`).
 */
export function startWriterProcess(job: Record<string, unknown>): Writer {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@cairn/source', WRITER, JSON.stringify(job)], { cwd: REPO_ROOT });
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('ready\n')) markReady();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<string[]>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      markReady();
      if (code === 0) resolve(stdout.split('\n').filter((line) => line !== '' && line !== 'ready'));
      else reject(new Error(`writer ${JSON.stringify(job)} exited with ${String(code)}:\n${stderr}`));
    });
  });
  return { child, ready, done };
}
