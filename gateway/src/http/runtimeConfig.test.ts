/** GET /runtime-config.json and its environment (issue 13; spec chat-and-shell §4 "Analytics"). */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYTICS_SCRIPT_URL, runtimeConfigFromEnv, runtimeConfigRoute } from './runtimeConfig.js';

describe('runtimeConfigFromEnv', () => {
  it('without variables analytics is off with the default script', () => {
    expect(runtimeConfigFromEnv({})).toEqual({
      analytics: { counterId: null, options: {}, defer: false, scriptUrl: DEFAULT_ANALYTICS_SCRIPT_URL },
    });
  });

  it('reads the counter id, the JSON options, the deferral and the script URL', () => {
    expect(
      runtimeConfigFromEnv({
        ANALYTICS_COUNTER_ID: ' 98765432 ',
        ANALYTICS_OPTIONS: '{"webvisor":true,"clickmap":true}',
        ANALYTICS_DEFER: 'yes',
        ANALYTICS_SCRIPT_URL: 'https://cdn.example/tag.js',
      }).analytics,
    ).toEqual({
      counterId: '98765432',
      options: { webvisor: true, clickmap: true },
      defer: true,
      scriptUrl: 'https://cdn.example/tag.js',
    });
    expect(runtimeConfigFromEnv({ ANALYTICS_DEFER: 'false' }).analytics.defer).toBe(false);
  });

  it.each([
    [{ ANALYTICS_COUNTER_ID: '12ab' }, /ANALYTICS_COUNTER_ID/],
    [{ ANALYTICS_OPTIONS: '[1,2]' }, /ANALYTICS_OPTIONS/],
    [{ ANALYTICS_OPTIONS: '{bad' }, /ANALYTICS_OPTIONS/],
    [{ ANALYTICS_SCRIPT_URL: 'javascript:alert(1)' }, /ANALYTICS_SCRIPT_URL/],
  ])('refuses %o', (env, message) => {
    expect(() => runtimeConfigFromEnv(env)).toThrow(message);
  });
});

describe('GET /runtime-config.json', () => {
  it('answers the config as JSON, never cached', async () => {
    const app = Fastify();
    const config = runtimeConfigFromEnv({ ANALYTICS_COUNTER_ID: '42', ANALYTICS_DEFER: '1' });
    runtimeConfigRoute(app, config);
    const res = await app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(config);
    await app.close();
  });
});
