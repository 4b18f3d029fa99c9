/* global self, caches */
/*
 * The service worker (spec chat-and-shell §2 "A service worker is registered at the site root"; issue 13): caches the
 * app shell so a return visit starts from cache and the app opens offline with its shell.
 * - install: caches /index.html and the entry files named by /builds-manifest.json;
 * - navigations: network first, the cached /index.html when the network fails;
 * - /assets/* (content-hashed, immutable): cache first, stored on first use;
 * - never touches /graphql, /api, /files, /reports, /health, /metrics or other origins;
 * - 'SKIP_WAITING' message: a waiting new version takes over ('Обновить' of the new-version notice).
 */
const CACHE = 'platform-shell-v1';
const NEVER = ['/graphql', '/api/', '/files/', '/reports/', '/health', '/metrics'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const manifest = await fetch('/builds-manifest.json', { cache: 'no-store' }).then((r) => r.json());
      await cache.addAll(['/index.html', ...(Array.isArray(manifest.files) ? manifest.files : [])]);
    })().catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.some((p) => url.pathname.startsWith(p))) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await caches.match('/index.html')) || Response.error()));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      (async () => {
        const cached = await caches.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) {
          const cache = await caches.open(CACHE);
          await cache.put(request, response.clone());
        }
        return response;
      })(),
    );
  }
});
