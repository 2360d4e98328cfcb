// A local stand-in for Google's and Facebook's OAuth 2.0 / OpenID Connect endpoints, for tests only:
// the real providers cannot be reached from the machines this project is built on. It follows their
// documented request and answer shapes closely enough to catch mistakes in our client:
//
//   Google   (base /google)    GET  /o/oauth2/v2/auth     consent (PKCE S256 required)
//                              POST /token                code → access_token + RS256 id_token
//                              GET  /oauth2/v3/certs      JWKS;  GET /v1/userinfo
//   Facebook (base /facebook)  GET  /vX.Y/dialog/oauth    consent
//                              GET|POST /vX.Y/oauth/access_token
//                              GET  /vX.Y/me?fields=…     needs appsecret_proof
//
// The consent page lists the fake people as links; `&person=<key>` on the authorize URL picks one
// without the page, and `person=deny` answers like a person who pressed Cancel (error=access_denied).
// Codes are single-use and live 60 s. Like the real providers, a client answers only to the redirect URIs
// registered for it, compared exactly (no other host, port, path or query). Run alone:
// `node tests/fakes/oauth-provider.mjs` (FAKE_OAUTH_PORT, GOOGLE_CLIENT_ID/SECRET, FACEBOOK_CLIENT_ID/SECRET,
// FAKE_OAUTH_REDIRECT_URIS: comma-separated), or import startFakeOAuthProvider() in a test.
import http from 'node:http';
import { createHash, createHmac, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** @type {{ google: FakePerson[], facebook: FakePerson[] }} */
export const DEFAULT_PEOPLE = {
  google: [
    { key: 'ada', id: '108000000000000000001', name: 'Ada Lovelace', email: 'ada.google@example.com', emailVerified: true },
    { key: 'ursula', id: '108000000000000000002', name: 'Ursula Unverified', email: 'ursula@example.com', emailVerified: false },
    { key: 'pat', id: '108000000000000000003', name: 'Pat Private', email: null, emailVerified: false },
  ],
  facebook: [
    { key: 'grace', id: '10150000000000001', name: 'Grace Hopper', email: 'grace.fb@example.com' },
    { key: 'phil', id: '10150000000000002', name: 'Phil Phoneonly', email: null },
  ],
};

const CODE_TTL_MS = 60_000;
const b64url = (buf) => Buffer.from(buf).toString('base64url');
const random = () => randomBytes(24).toString('base64url');

/**
 * @typedef {{ key: string, id: string, name: string, email: string | null, emailVerified?: boolean }} FakePerson
 * @typedef {{ id: string, secret: string, redirectUris: string[] }} FakeClient
 * @typedef {{ port?: number, host?: string, clients?: { google?: FakeClient | null, facebook?: FakeClient | null },
 *   people?: { google: FakePerson[], facebook: FakePerson[] } }} FakeOptions
 */

/**
 * Starts the fake on `port` (0 = any free port). Resolves to its URLs and a few test controls.
 * @param {FakeOptions} [options]
 */
export async function startFakeOAuthProvider({ port = 0, host = '127.0.0.1', clients, people = DEFAULT_PEOPLE } = {}) {
  const state = {
    clients: { google: clients?.google ?? null, facebook: clients?.facebook ?? null },
    people: { google: [...people.google], facebook: [...people.facebook] },
    codes: new Map(),
    tokens: new Map(),
    keys: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    kid: random().slice(0, 16),
    origin: '',
  };
  const server = http.createServer((req, res) => {
    handle(state, req, res).catch((err) => {
      console.error('[fake-oauth]', err);
      send(res, 500, { error: 'server_error' });
    });
  });
  // Keep idle connections longer than any client reuses them: with Node's 5 s default, a busy machine's
  // late timers let the server close a socket the client is just reusing (ECONNRESET in the tests).
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  state.origin = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    origin: state.origin,
    googleBase: `${state.origin}/google`,
    facebookBase: `${state.origin}/facebook`,
    /**
     * Adds a fake person a test can then pick with `person=<key>`.
     * @param {'google' | 'facebook'} provider
     * @param {FakePerson} person
     */
    addPerson: (provider, person) => state.people[provider].push(person),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function handle(state, req, res) {
  const url = new URL(req.url ?? '/', state.origin);
  const body = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
  const path = url.pathname;
  if (path === '/__fake/health') return send(res, 200, { ok: true });
  if (path === '/google/o/oauth2/v2/auth' && req.method === 'GET') return authorize(state, 'google', url, res);
  if (path === '/google/token' && req.method === 'POST') return googleToken(state, req, body, res);
  if (path === '/google/oauth2/v3/certs') return send(res, 200, { keys: [jwk(state)] });
  if (path === '/google/v1/userinfo') return googleUserinfo(state, req, res);
  const fb = /^\/facebook\/v\d+\.\d+(\/.*)$/.exec(path);
  if (fb?.[1] === '/dialog/oauth' && req.method === 'GET') return authorize(state, 'facebook', url, res);
  if (fb?.[1] === '/oauth/access_token') return facebookToken(state, req.method === 'POST' ? body : url.searchParams, res);
  if (fb?.[1] === '/me' && req.method === 'GET') return facebookMe(state, req, url, res);
  return send(res, 404, { error: 'not_found' });
}

function authorize(state, provider, url, res) {
  const q = url.searchParams;
  const client = state.clients[provider];
  const redirectUri = q.get('redirect_uri') ?? '';
  // Like the real ones: a wrong client or redirect URI is shown to the person, never sent back.
  if (!client || q.get('client_id') !== client.id)
    return html(res, 400, `<h1>Error 401: invalid_client</h1><p>The OAuth client was not found.</p>`);
  if (!client.redirectUris.includes(redirectUri))
    return html(
      res,
      400,
      '<h1>Error 400: redirect_uri_mismatch</h1><p>The redirect URI in the request does not match the ones registered for the OAuth client.</p>',
    );
  if (q.get('response_type') !== 'code') return html(res, 400, '<h1>Error 400: unsupported_response_type</h1>');
  const scopes = (q.get('scope') ?? '').split(/[ ,]+/).filter(Boolean);
  if (provider === 'google') {
    if (!scopes.includes('openid')) return html(res, 400, '<h1>Error 400: invalid_scope (openid missing)</h1>');
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
      return html(res, 400, '<h1>Error 400: PKCE S256 required</h1>');
  }
  const back = new URL(redirectUri);
  const person = q.get('person');
  if (person === 'deny') {
    if (provider === 'google') back.searchParams.set('error', 'access_denied');
    else {
      for (const [k, v] of [
        ['error', 'access_denied'],
        ['error_code', '200'],
        ['error_description', 'Permissions error'],
        ['error_reason', 'user_denied'],
      ])
        back.searchParams.set(k, v);
    }
    if (q.has('state')) back.searchParams.set('state', q.get('state'));
    return redirect(res, back.href);
  }
  const chosen = state.people[provider].find((p) => p.key === person);
  if (!chosen) return consentPage(state, provider, url, res);
  const code = random();
  state.codes.set(code, {
    provider,
    person: chosen,
    clientId: client.id,
    redirectUri,
    scopes,
    challenge: q.get('code_challenge'),
    expiresAt: Date.now() + CODE_TTL_MS,
    used: false,
  });
  back.searchParams.set('code', code);
  if (provider === 'google') back.searchParams.set('scope', scopes.join(' '));
  if (q.has('state')) back.searchParams.set('state', q.get('state'));
  return redirect(res, back.href);
}

function consentPage(state, provider, url, res) {
  const label = provider === 'google' ? 'Google' : 'Facebook';
  const link = (key) => {
    const to = new URL(url);
    to.searchParams.set('person', key);
    return escapeHtml(to.pathname + to.search);
  };
  const items = state.people[provider]
    .map(
      (p) =>
        `<li><a href="${link(p.key)}">Continue as ${escapeHtml(p.name)}</a>${p.email ? ` <small>${escapeHtml(p.email)}</small>` : ''}</li>`,
    )
    .join('');
  return html(
    res,
    200,
    `<main><h1>Sign in with ${label} (test provider)</h1><ul>${items}</ul><p><a href="${link('deny')}">Cancel</a></p></main>`,
  );
}

/** Checks a code for the token endpoint; returns the grant or an error reason. */
function redeem(state, provider, code, clientId, redirectUri) {
  const grant = code ? state.codes.get(code) : undefined;
  if (!grant || grant.provider !== provider) return { error: 'invalid_grant', description: 'Malformed auth code.' };
  if (grant.used) return { error: 'invalid_grant', description: 'The authorization code has already been used.' };
  grant.used = true;
  if (grant.expiresAt < Date.now()) return { error: 'invalid_grant', description: 'The authorization code has expired.' };
  if (grant.clientId !== clientId) return { error: 'invalid_grant', description: 'The code was issued to another client.' };
  if (grant.redirectUri !== redirectUri) return { error: 'redirect_uri_mismatch', description: 'Bad Request' };
  return { grant };
}

function googleToken(state, req, body, res) {
  const client = state.clients.google;
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
  const [id, secret] = basic ? Buffer.from(basic[1], 'base64').toString().split(':') : [body.get('client_id'), body.get('client_secret')];
  if (!client || id !== client.id || secret !== client.secret)
    return send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
  if (body.get('grant_type') !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type' });
  const { grant, error, description } = redeem(state, 'google', body.get('code'), id, body.get('redirect_uri'));
  if (!grant) return send(res, 400, { error, error_description: description });
  const verifier = body.get('code_verifier') ?? '';
  if (b64url(createHash('sha256').update(verifier).digest()) !== grant.challenge) {
    return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
  }
  const accessToken = `ya29.${random()}`;
  state.tokens.set(accessToken, { provider: 'google', person: grant.person, clientId: id });
  const now = Math.floor(Date.now() / 1000);
  const p = grant.person;
  const claims = {
    iss: `${state.origin}/google`,
    azp: id,
    aud: id,
    sub: p.id,
    iat: now,
    exp: now + 3600,
    // Like Google: email claims only with the email scope, name claims only with profile.
    ...(p.email && grant.scopes.includes('email') ? { email: p.email, email_verified: p.emailVerified === true } : {}),
    ...(grant.scopes.includes('profile') ? { name: p.name, given_name: p.name.split(' ')[0] } : {}),
  };
  return send(res, 200, {
    access_token: accessToken,
    expires_in: 3599,
    token_type: 'Bearer',
    scope: grant.scopes.join(' '),
    id_token: signJwt(state, claims),
  });
}

function googleUserinfo(state, req, res) {
  const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const found = token && state.tokens.get(token);
  if (!found || found.provider !== 'google') return send(res, 401, { error: 'invalid_request' });
  const p = found.person;
  return send(res, 200, { sub: p.id, name: p.name, ...(p.email ? { email: p.email, email_verified: p.emailVerified === true } : {}) });
}

function facebookToken(state, params, res) {
  const client = state.clients.facebook;
  const fbError = (message, code = 100) =>
    send(res, 400, { error: { message, type: 'OAuthException', code, fbtrace_id: random().slice(0, 11) } });
  if (!client || params.get('client_id') !== client.id) return fbError('Error validating application. Invalid application ID.', 101);
  if (params.get('client_secret') !== client.secret) return fbError('Error validating client secret.', 1);
  const { grant, description } = redeem(state, 'facebook', params.get('code'), client.id, params.get('redirect_uri'));
  if (!grant) return fbError(description);
  const accessToken = `EAAB${random()}`;
  state.tokens.set(accessToken, { provider: 'facebook', person: grant.person, scopes: grant.scopes });
  return send(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 5183944 });
}

function facebookMe(state, req, url, res) {
  const token = url.searchParams.get('access_token') ?? /^(?:Bearer|OAuth) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const found = token && state.tokens.get(token);
  const fbError = (message, code) => send(res, 400, { error: { message, type: 'OAuthException', code } });
  if (!found || found.provider !== 'facebook') return fbError('Invalid OAuth access token data.', 190);
  const proof = createHmac('sha256', state.clients.facebook.secret).update(token).digest('hex');
  if (url.searchParams.get('appsecret_proof') !== proof) return fbError('Invalid appsecret_proof provided in the API argument', 100);
  const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
  const p = found.person;
  const out = { id: p.id };
  if (fields.includes('name')) out.name = p.name;
  if (fields.includes('email') && p.email && found.scopes.includes('email')) out.email = p.email;
  return send(res, 200, out);
}

function signJwt(state, claims) {
  const header = { alg: 'RS256', kid: state.kid, typ: 'JWT' };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(sign('sha256', Buffer.from(input), state.keys.privateKey))}`;
}

const jwk = (state) => ({ ...state.keys.publicKey.export({ format: 'jwk' }), kid: state.kid, alg: 'RS256', use: 'sig' });

function readBody(req) {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      data += chunk;
      if (data.length > 100_000) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function send(res, status, json) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(json));
}

function html(res, status, body) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider</title></head><body>${body}</body></html>`);
}

function redirect(res, location) {
  res.writeHead(302, { location });
  res.end();
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const redirectUris = (env.FAKE_OAUTH_REDIRECT_URIS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const pair = (id, secret) => (id && secret ? { id, secret, redirectUris } : null);
  const fake = await startFakeOAuthProvider({
    port: Number(env.FAKE_OAUTH_PORT ?? 6399),
    clients: {
      google: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
      facebook: pair(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET),
    },
  });
  console.log(`Fake OAuth provider at ${fake.origin} (Google ${fake.googleBase}, Facebook ${fake.facebookBase})`);
}
