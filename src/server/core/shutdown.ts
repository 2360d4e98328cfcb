/**
 * What the process does last, after the server has stopped taking requests and finished those in
 * flight (scripts/serve.mjs runs these on SIGTERM/SIGINT): send mail queued after answers, close the
 * database. Kept on a process-wide symbol, because serve.mjs and the built app are separate modules.
 */
const HOOKS = Symbol.for('voltmart.shutdown');
type Hook = () => Promise<void>;
type WithHooks = typeof globalThis & { [HOOKS]?: Hook[] };

export function onShutdown(hook: Hook): void {
  const scope = globalThis as WithHooks;
  (scope[HOOKS] ??= []).push(hook);
}
