import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A redis-server started for tests or a benchmark. */
export interface StartedRedis {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts a throwaway `redis-server` on a local port (a free one unless `port` is given), without
 * persistence (`--save '' --appendonly no`).
 * @throws Error when redis-server is not installed or does not listen within 5 s.
 */
export async function startRedisServer(port?: number): Promise<StartedRedis> {
  port ??= await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  let exit: string | undefined;
  child.once('error', (error) => (exit = `cannot start redis-server: ${error.message}`));
  child.once('exit', (code) => (exit ??= `redis-server exited with code ${String(code)}`));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null || exit !== undefined) return;
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await stopped;
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (exit !== undefined) throw new Error(exit);
    if (await canConnect(port)) return { url: `redis://127.0.0.1:${port}`, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`redis-server did not listen on port ${port} within 5 s`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
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
