import { getEnv, type Env } from '@/server/core/env';

/** Listening on every interface says nothing about the name people use; links then name this machine. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

const bracketed = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/**
 * The shop's public origin, from configuration only: PUBLIC_URL, else `http://HOST:PORT`. Every
 * absolute URL the shop writes (mail links, canonical and OpenGraph URLs, JSON-LD, the sitemap, the
 * OAuth callback) starts with this; a request's Host or X-Forwarded-Host never reaches one.
 */
export function publicOrigin(env: Env = getEnv()): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : listeningOrigin(env);
}

/** `http://HOST:PORT` as configured (a wildcard HOST reads as localhost). */
export function listeningOrigin(env: Env = getEnv()): string {
  const host = WILDCARD_HOSTS.has(env.HOST) ? 'localhost' : bracketed(env.HOST);
  return new URL(`http://${host}:${env.PORT}`).origin;
}
