import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The built production server (scripts/serve.mjs) in a process of its own, for tests of starting and stopping. */
const root = path.resolve(import.meta.dirname, '../../..');

export interface Server {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/**
 * The servers this worker started and that still run. A test that times out never reaches its `finally`, and
 * a server left behind holds its port for the next spec (restart and regional share one): when the worker
 * exits, whatever is still running is killed.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Spawns scripts/serve.mjs with `args` and the full environment `env`, killed at the latest when this worker exits. */
export function spawnServe(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Starts scripts/serve.mjs on `port`; `args` such as `['--build', 'dist-e2e']` serve another build. */
export async function startServer(env: Record<string, string>, port: number, args: string[] = []): Promise<Server> {
  let output = '';
  const child = spawnServe(args, { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED: 'demo', ...env });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve) => child.stdout!.on('data', () => output.includes('is ready at') && resolve()));
  await Promise.race([ready, exited]);
  return { child, origin: `http://127.0.0.1:${port}`, output: () => output };
}

export async function stop(server: Server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}
