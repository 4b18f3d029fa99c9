/**
 * File up- and downloads and developer pages on the one origin (DESIGN tier 2), proxied to the backend
 * with @fastify/http-proxy. The browser's Cookie and X-XSRF-TOKEN headers go upstream as they are; the
 * backend's Set-Cookie, Content-Disposition and error bodies come back; bodies stream both ways (uploads
 * up to 50 MB, spec core §5).
 *   POST /files/orders                    → POST /api/secured/client/order/exch/files (multipart, part `file`)
 *   GET  /files/orders/:orderId/:fileId   → GET  /api/secured/client/order/exch/:orderId/files/:fileId
 *   /api/dev/*                            → the backend's developer mail outbox (absent in production)
 *   /api/docs*                            → the backend's OpenAPI UI and JSON, only when OPENAPI_DOCS is on (default:
 *                                           not with NODE_ENV=production; issue 14): otherwise 404 without reaching it
 * Deal flow (issue 3; `set` is docs-example | docs | final-docs, ids numeric):
 *   POST /files/partner/orders/:orderId/offer/:set         → POST /api/secured/partner/order/exch/:orderId/offer/:set
 *                                                            (multipart, part `file`, ≤ 50 MB; answers the Document)
 *   GET  /files/partner/orders/:orderId/offer/:set/:docId  → GET  …/partner/order/exch/:orderId/offer/:set/:docId/content
 *   GET  /files/partner/orders/:orderId/files/:fileId      → GET  …/partner/order/exch/:orderId/files/:fileId (client's files)
 *   GET  /files/client/orders/:orderId/documents/:docId    → GET  …/client/order/exch/:orderId/offer/documents/:docId/content
 *   GET  /files/client/orders/:orderId/offers/:partnerOrderId/sample-contract
 *                                                          → GET  …/client/order/exch/:orderId/offers/:partnerOrderId/sample-contract
 *   GET  /files/oper/orders/:orderId/documents/:docId      → GET  …/oper/order/exch/:orderId/documents/:docId/content
 *   GET  /files/oper/orders/:orderId/files/:fileId         → GET  …/oper/order/exch/:orderId/files/:fileId (client's files)
 *   POST /files/oper/referral-partners/:id/documents         → POST …/oper/agents/:id/documents (issue 10; multipart)
 *   GET  /files/oper/referral-partners/:id/documents/:docId  → GET  …/oper/agents/:id/documents/:docId/content
 *   POST /files/agent/documents                              → POST …/agent/documents (issue 11; multipart)
 *   GET  /files/agent/documents/:id                          → GET  …/agent/documents/:id/file
 * Verification and signatures (issue 8; spec core §3 "Documents"), scoped by the backend:
 *   GET  /files/client/verification/documents/:id  → GET  /api/secured/client/verification/document/:id/content (the PDF)
 *   GET  /files/signatures/:id                     → GET  /api/secured/common/signatures/:id (detached signature, .sig)
 * Chat attachments (issue 4; spec chat §5), scoped by the backend to the caller's groups:
 *   POST /files/chat/groups/:groupId     → POST /api/secured/common/chat/group/:groupId/files (multipart, part `file`)
 *   GET  /files/chat/messages/:msgId     → GET  /api/chat/message/:msgId/file (a message's file)
 *   GET  /files/chat/:fileId (uuid)      → GET  /api/secured/common/chat/:fileId/file (a file or picture by id)
 *   GET, POST /oper-login                                  → the backend's operator sign-in page (spec core §8 "operators
 *                                                            to external login"); its redirect to `<public url>/operator/auth?code=…`
 *                                                            is made relative, so the browser stays on this origin
 * Any other path under these prefixes is 404 without reaching the backend.
 */
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const ORDER_ID = /^\d{1,15}$/;
const DOC_ID = /^\d{1,15}$/;
const DOC_SETS = new Set(['docs-example', 'docs', 'final-docs']);
const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The gateway's download path of a chat file link of the backend (`/api/secured/common/chat/<uuid>/file`). */
export function chatFileUrl(link: string | null | undefined): string | null {
  const m = /^\/api\/secured\/common\/chat\/([0-9a-f-]{36})\/file$/i.exec(link ?? '');
  return m && UUID.test(m[1]) ? `/files/chat/${m[1]}` : (link ?? null);
}

/**
 * The gateway's download path of a message's file (spec chat §7 GET /api/chat/message/{msgId}/file through the
 * session): `/files/chat/messages/<msgId>`; it answers the bytes with the original name to members, 404 otherwise.
 */
export function chatMessageFileUrl(msgId: number): string {
  return `/files/chat/messages/${msgId}`;
}

function notFound(reply: FastifyReply): void {
  void reply.code(404).send({ message: 'Не найдено', code: 'NOT_FOUND' });
}

/**
 * Whether the gateway proxies the backend's OpenAPI UI and document (/api/docs*; issue 14 "Hardening"): OPENAPI_DOCS
 * `true` / `false` (also 1/0, yes/no, on/off) decides; unset, they are served except with NODE_ENV=production — the
 * same rule as the backend's `openApiDocs` (backend/src/config.ts).
 */
export function openApiDocsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.OPENAPI_DOCS?.trim().toLowerCase();
  if (!v) return env.NODE_ENV !== 'production';
  return !['false', '0', 'no', 'off'].includes(v);
}

/**
 * Registers the file, developer-page and docs proxies to `opts.backendUrl`. `opts.openApiDocs` (default
 * {@link openApiDocsEnabled} of the environment) turns the /api/docs proxy on; off, /api/docs* answers 404 NOT_FOUND.
 */
export async function backendProxies(
  app: FastifyInstance,
  opts: { backendUrl: string; openApiDocs?: boolean },
): Promise<void> {
  const upstream = opts.backendUrl;

  await app.register(httpProxy, {
    upstream,
    prefix: '/files/orders',
    rewritePrefix: '/api/secured/client/order/exch/files',
    httpMethods: ['POST'],
    // Only the exact upload path: /files/orders/<anything> is not an upload.
    preHandler: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (request.url.split('?')[0].replace(/\/+$/, '') !== '/files/orders') return notFound(reply);
      done();
    },
  });

  await app.register(httpProxy, {
    upstream,
    prefix: '/files/orders/:orderId',
    rewritePrefix: '/api/secured/client/order/exch/:orderId/files',
    httpMethods: ['GET', 'HEAD'],
    preHandler: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const [orderId, fileId, ...rest] = request.url.split('?')[0].split('/').slice(3);
      if (!ORDER_ID.test(orderId ?? '') || !FILE_ID.test(fileId ?? '') || rest.length) return notFound(reply);
      done();
    },
  });

  // Deal documents: one proxy per role prefix; `map` turns the path after the prefix into the upstream path or null (404).
  const mapped = async (prefix: string, methods: string[], map: (seg: string[], method: string) => string | null) => {
    const target = (request: FastifyRequest): string | null => {
      const [path, query] = (request.url ?? '').split('?', 2);
      const seg = path
        .slice(prefix.length)
        .split('/')
        .filter((x, i) => i > 0 || x !== '');
      const dest = map(
        seg.map((x) => decodeURIComponent(x)),
        request.method,
      );
      return dest === null ? null : dest + (query ? `?${query}` : '');
    };
    await app.register(httpProxy, {
      upstream,
      prefix,
      httpMethods: methods as never,
      preHandler: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        let dest: string | null = null;
        try {
          dest = target(request);
        } catch {
          dest = null;
        }
        if (dest === null) return notFound(reply);
        done();
      },
      handler: (
        request: FastifyRequest,
        reply: FastifyReply & { from: (dest: string, o: unknown) => unknown },
        _dest: string,
        options: unknown,
      ) => reply.from(target(request) ?? '/', options),
    } as never);
  };

  await mapped('/files/partner/orders', ['GET', 'HEAD', 'POST'], ([orderId, kind, a, b, ...rest], method) => {
    if (!ORDER_ID.test(orderId ?? '') || rest.length) return null;
    const base = `/api/secured/partner/order/exch/${orderId}`;
    if (kind === 'offer' && DOC_SETS.has(a ?? '')) {
      if (method === 'POST') return b === undefined ? `${base}/offer/${a}` : null;
      return DOC_ID.test(b ?? '') ? `${base}/offer/${a}/${b}/content` : null;
    }
    if (kind === 'files' && method !== 'POST' && FILE_ID.test(a ?? '') && b === undefined) return `${base}/files/${a}`;
    return null;
  });
  await mapped('/files/client/orders', ['GET', 'HEAD'], ([orderId, kind, id, tail, ...rest]) => {
    if (!ORDER_ID.test(orderId ?? '') || rest.length) return null;
    if (kind === 'documents' && DOC_ID.test(id ?? '') && tail === undefined)
      return `/api/secured/client/order/exch/${orderId}/offer/documents/${id}/content`;
    if (kind === 'offers' && DOC_ID.test(id ?? '') && tail === 'sample-contract')
      return `/api/secured/client/order/exch/${orderId}/offers/${id}/sample-contract`;
    return null;
  });
  await mapped('/files/oper/orders', ['GET', 'HEAD'], ([orderId, kind, id, ...rest]) => {
    if (!ORDER_ID.test(orderId ?? '') || rest.length) return null;
    if (kind === 'documents' && DOC_ID.test(id ?? ''))
      return `/api/secured/oper/order/exch/${orderId}/documents/${id}/content`;
    if (kind === 'files' && FILE_ID.test(id ?? '')) return `/api/secured/oper/order/exch/${orderId}/files/${id}`;
    return null;
  });
  // Referral partner documents and acts (issue 10): POST multipart (fields type, name, number, description, then `file`).
  await mapped('/files/oper/referral-partners', ['GET', 'HEAD', 'POST'], ([id, kind, docId, ...rest], method) => {
    if (!ORDER_ID.test(id ?? '') || kind !== 'documents' || rest.length) return null;
    if (method === 'POST') return docId === undefined ? `/api/secured/oper/agents/${id}/documents` : null;
    return DOC_ID.test(docId ?? '') ? `/api/secured/oper/agents/${id}/documents/${docId}/content` : null;
  });

  // The referral partner's documents and acts (issue 11): POST multipart (fields name, number, description, then `file`).
  await mapped('/files/agent/documents', ['GET', 'HEAD', 'POST'], ([id, ...rest], method) => {
    if (rest.length) return null;
    if (method === 'POST') return id === undefined ? '/api/secured/agent/documents' : null;
    return DOC_ID.test(id ?? '') ? `/api/secured/agent/documents/${id}/file` : null;
  });

  await mapped('/files/client/verification', ['GET', 'HEAD'], ([kind, id, ...rest]) =>
    kind === 'documents' && DOC_ID.test(id ?? '') && !rest.length
      ? `/api/secured/client/verification/document/${id}/content`
      : null,
  );
  await mapped('/files/signatures', ['GET', 'HEAD'], ([id, ...rest]) =>
    DOC_ID.test(id ?? '') && !rest.length ? `/api/secured/common/signatures/${id}` : null,
  );

  await mapped('/files/chat', ['GET', 'HEAD', 'POST'], ([kind, id, ...rest], method) => {
    if (method === 'POST')
      return kind === 'groups' && ORDER_ID.test(id ?? '') && !rest.length
        ? `/api/secured/common/chat/group/${id}/files`
        : null;
    if (kind === 'messages' && ORDER_ID.test(id ?? '') && !rest.length) return `/api/chat/message/${id}/file`;
    if (UUID.test(kind ?? '') && id === undefined) return `/api/secured/common/chat/${kind}/file`;
    return null;
  });

  // The operator sign-in page of the embedded default, on this origin (DESIGN "Sessions").
  await app.register(httpProxy, {
    upstream,
    prefix: '/oper-login',
    rewritePrefix: '/oper-login',
    httpMethods: ['GET', 'HEAD', 'POST'],
    preHandler: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (request.url.split('?')[0].replace(/\/+$/, '') !== '/oper-login') return notFound(reply);
      done();
    },
    replyOptions: {
      rewriteHeaders: (headers) => {
        const location = headers.location;
        if (typeof location === 'string' && /^https?:\/\//i.test(location)) {
          const u = new URL(location);
          return { ...headers, location: u.pathname + u.search };
        }
        return headers;
      },
    },
  });

  await app.register(httpProxy, {
    upstream,
    prefix: '/api/dev',
    rewritePrefix: '/api/dev',
    httpMethods: ['GET', 'HEAD'],
  });
  if (opts.openApiDocs ?? openApiDocsEnabled()) {
    await app.register(httpProxy, {
      upstream,
      prefix: '/api/docs',
      rewritePrefix: '/api/docs',
      httpMethods: ['GET', 'HEAD'],
    });
  } else {
    const off = async (_request: FastifyRequest, reply: FastifyReply) => notFound(reply);
    app.get('/api/docs', off);
    app.get('/api/docs/*', off);
  }
}
