// What every answer carries and what any method gets: security headers on
// API answers, errors and the client's pages; 405 JSON for methods the app
// does not serve, on every path; HSTS only in production; every route of the
// contract served, and the OpenAPI document that describes them.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, pathOf, type ApiRoute } from '@contract/api';
import type { RunningServer } from '@adapters/server';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { embeddedTarget, startTestApp } from '@tests/support/test-app';

/** node:http, since fetch refuses TRACE. */
function rawRequest(url: string, method: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectSecurityHeaders(headers: Headers, label: string) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("script-src 'self'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).not.toContain('unsafe-inline');
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('referrer-policy'), label).toBe('same-origin');
  expect(headers.get('x-frame-options'), label).toBe('SAMEORIGIN');
  expect(headers.get('x-powered-by'), label).toBeNull();
}

describe('the HTTP surface, embedded default', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestApp(embeddedTarget());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends the security headers on API answers, API errors, pages and probes, and no HSTS outside production', async () => {
    const visitor = new HttpSession(server.url);
    for (const path of ['/api/is-authenticated/', '/api/dashboard/', '/api/no-such-route/', '/', '/course/12', '/healthz']) {
      const res = await visitor.get(path);
      expectSecurityHeaders(res.headers, path);
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('answers TRACE and other methods it does not serve with 405 JSON on every path', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['TRACE', '/api/login/'],
      ['PUT', '/api/dashboard/'],
      ['DELETE', '/course/12'],
      ['PATCH', '/api/insert-course-member/'],
      ['PROPFIND', '/'],
    ]) {
      const res = await rawRequest(server.url + path, method);
      const label = `${method} ${path}`;
      expect(res.status, label).toBe(405);
      expect(res.headers['content-type'], label).toMatch(/^application\/json/);
      expect(JSON.parse(res.body), label).toMatchObject({ error: 'METHOD_NOT_ALLOWED', message: expect.any(String) });
      expect(res.headers.allow, label).toBeTruthy();
    }
  });

  it('serves the OpenAPI 3.1 document of every route in the contract to anyone, without a session', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.getSetCookie()).toEqual([]);
    const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(document.openapi).toMatch(/^3\.1\./);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routes = (Object.values(API) as ApiRoute[]).map((route) => `${route.method} ${route.path}`);
    expect(documented.sort()).toEqual(routes.sort());
    expect(document.paths['/api/course/{courseID}/'].get.operationId).toBe('coursePage');
    // Calls that refuse with 409 in some state (a full group, a used-up link, a declined request, ...) say so.
    const responses = document.paths as unknown as Record<string, { post: { responses: Record<string, unknown> } }>;
    for (const path of [
      '/api/insert-study-group-member/',
      '/api/accept-group-invite/',
      '/api/insert-study-group-join-request/',
      '/api/answer-study-group-join-request/',
      '/api/insert-study-group-invite/',
      '/api/answer-study-group-invite/',
      '/api/insert-study-group-invite-link/',
      '/api/delete-study-group-member/',
    ])
      expect(Object.keys(responses[path].post.responses), path).toContain('409');
    expect((await rawRequest(`${server.url}/api/openapi.json`, 'POST')).status).toBe(405);
  });

  it('serves every route of the contract at its path and method', async () => {
    const visitor = new HttpSession(server.url);
    for (const [name, route] of Object.entries(API) as [string, ApiRoute][]) {
      const path = pathOf(route, { courseID: 1, studyGroupID: 1, userID: 1 } as never);
      const res = route.method === 'GET' ? await visitor.get(path) : await visitor.post(path, {});
      // A path no route serves is 404 NOT_FOUND; a served one answers, or refuses for its own reasons.
      expect(res.body?.error, `${name}: ${route.method} ${path}`).not.toBe('NOT_FOUND');
      if (!route.public) expect(res.status, `${name} needs a student`).toBe(401);
    }
  });

  it('answers a POST to a page with 405 JSON, not the client', async () => {
    const visitor = new HttpSession(server.url);
    const res = await visitor.post('/course/12', {});
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ error: 'METHOD_NOT_ALLOWED' });
  });
});

describe('the HTTP surface in production', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestApp(embeddedTarget(), { NODE_ENV: 'production', BCRYPT_COST: '10' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds Strict-Transport-Security and upgrade-insecure-requests', async () => {
    const res = await new HttpSession(server.url).get('/api/is-authenticated/');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000; includeSubDomains/);
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it("sends a visitor's CSRF cookie Secure, as the session cookie", async () => {
    const res = await fetch(`${server.url}/api/get-token/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    const cookies = res.headers.getSetCookie().filter((cookie) => cookie.startsWith('ss.csrf'));
    expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(['ss.csrf', 'ss.csrf.sig']);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
  });

  it("sends a sign-up's session and device cookies Secure", async () => {
    const browser = new HttpSession(server.url);
    const https = { headers: { 'X-Forwarded-Proto': 'https' } };
    const { token } = (await browser.get('/api/get-token/', https)).body;
    const res = await browser.post('/api/signup/', newStudent(), { ...https, csrf: token });
    expect(res.body.isAuthenticated).toBe(true);
    const names = res.headers.getSetCookie().map((cookie) => cookie.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['ss.sid', expect.stringMatching(/^ss\.device\./)]));
    for (const cookie of res.headers.getSetCookie()) expect(cookie).toMatch(/;\s*secure/i);
  });

  it('refuses the API over plain HTTP with a clear 403, since its cookies are Secure (a TLS proxy not saying so, say)', async () => {
    for (const [method, path] of [
      ['GET', '/api/get-token/'],
      ['POST', '/api/login/'],
      ['GET', '/api/is-authenticated/'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toMatchObject({ error: 'HTTPS_REQUIRED', message: expect.stringMatching(/HTTPS/) });
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
    // The probes and the pages still answer (the balancer's health check speaks plain HTTP).
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
