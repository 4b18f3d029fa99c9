/**
 * The /api/docs proxy of the gateway (issue 14 "Hardening": the OpenAPI UI and document off in production unless
 * configured on; http/files.ts backendProxies, openApiDocsEnabled).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendProxies, openApiDocsEnabled } from '../src/http/files.js';

describe('OpenAPI docs through the gateway', () => {
  let upstream: FastifyInstance;
  let upstreamUrl: string;
  const hits: string[] = [];

  beforeAll(async () => {
    upstream = Fastify();
    upstream.get('/api/docs', async () => 'ui');
    upstream.get('/api/docs/json', async () => ({ openapi: '3.0.0' }));
    upstream.get('/api/docs/yaml', async () => 'openapi: 3.0.0');
    upstream.addHook('onRequest', async (request) => {
      hits.push(request.url);
    });
    upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => upstream.close());

  async function gatewayWith(openApiDocs: boolean | undefined): Promise<FastifyInstance> {
    const app = Fastify();
    await backendProxies(app, { backendUrl: upstreamUrl, ...(openApiDocs === undefined ? {} : { openApiDocs }) });
    await app.ready();
    return app;
  }

  it('proxies /api/docs, /api/docs/json and /api/docs/yaml when on', async () => {
    const app = await gatewayWith(true);
    try {
      expect((await app.inject({ url: '/api/docs/json' })).json()).toEqual({ openapi: '3.0.0' });
      expect((await app.inject({ url: '/api/docs/yaml' })).body).toBe('openapi: 3.0.0');
      expect((await app.inject({ url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 404 without reaching the backend when off', async () => {
    const app = await gatewayWith(false);
    hits.length = 0;
    try {
      for (const url of [
        '/api/docs',
        '/api/docs/',
        '/api/docs/json',
        '/api/docs/yaml',
        '/api/docs/static/index.html',
      ]) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ message: 'Не найдено', code: 'NOT_FOUND' });
        expect((await app.inject({ method: 'HEAD', url })).statusCode, url).toBe(404);
      }
      expect(hits).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('is off by default in production, OPENAPI_DOCS decides when set', () => {
    expect(openApiDocsEnabled({})).toBe(true);
    expect(openApiDocsEnabled({ NODE_ENV: 'development' })).toBe(true);
    expect(openApiDocsEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(openApiDocsEnabled({ NODE_ENV: 'production', OPENAPI_DOCS: 'true' })).toBe(true);
    expect(openApiDocsEnabled({ NODE_ENV: 'production', OPENAPI_DOCS: ' On ' })).toBe(true);
    expect(openApiDocsEnabled({ OPENAPI_DOCS: 'false' })).toBe(false);
    expect(openApiDocsEnabled({ OPENAPI_DOCS: '0' })).toBe(false);
  });

  it('follows the environment when the option is not given', async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, OPENAPI_DOCS: process.env.OPENAPI_DOCS };
    process.env.NODE_ENV = 'production';
    delete process.env.OPENAPI_DOCS;
    let app: FastifyInstance | undefined;
    try {
      app = await gatewayWith(undefined);
      expect((await app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await app?.close();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
