import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Redis URL the tests use, or '' when none could be had (tests skip loudly). */
    redisUrl: string;
  }
}

let server: ChildProcess | undefined;

/**
 * Vitest global setup for the store-redis project: uses `CAIRN_REDIS_URL` when set, else starts
 * a throwaway `redis-server` on a free port (killed at teardown). When neither works the Redis
 * tests skip with a loud message — unless `CI` is set, where a missing Redis fails the run.
 */
export async function setup(project: TestProject): Promise<void> {
  const fromEnvironment = process.env.CAIRN_REDIS_URL;
  if (fromEnvironment) {
    project.provide('redisUrl', fromEnvironment);
    return;
  }
  let problem: string;
  try {
    const port = await freePort();
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitForPort(port, server);
    project.provide('redisUrl', `redis://127.0.0.1:${port}`);
    return;
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
    server?.kill();
    server = undefined;
  }
  if (process.env.CI) throw new Error(`store-redis: no Redis for the tests in CI (${problem}); set CAIRN_REDIS_URL or install redis-server.`);
  const line = '!'.repeat(78);
  console.warn(`\n${line}\n!! store-redis: SKIPPING the Redis tests: ${problem}\n!! Install redis-server or set CAIRN_REDIS_URL to run them.\n${line}\n`);
  project.provide('redisUrl', '');
}

/** Stops the redis-server this setup started, if any. */
export async function teardown(): Promise<void> {
  if (server === undefined) return;
  const stopped = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await stopped;
  server = undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  let exit: string | undefined;
  child.once('error', (error) => (exit = `cannot start redis-server: ${error.message}`));
  child.once('exit', (code) => (exit ??= `redis-server exited with code ${String(code)}`));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (exit !== undefined) throw new Error(exit);
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not listen on port ${port} within 5 s`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
