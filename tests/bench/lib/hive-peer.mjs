/**
 * The peer of issue 15: Hive Gateway (@graphql-hive/gateway) serving the GraphQL Mesh OpenAPI source
 * (@omnigraph/openapi) composed from the backend's own OpenAPI document, as served at /api/docs/json and unchanged,
 * over the same backend and data. The browser's `Cookie` and `X-XSRF-TOKEN` headers are forwarded to the backend, and
 * the backend's `Set-Cookie` back to the client, so a signed-in client's session works through the peer.
 *
 * Not a benchmark itself (tests/bench/run.mjs runs only the files directly under tests/bench/); the comparison bench
 * imports `startHivePeer` and `PEER_CLIENT_ORDERS_QUERY`. Self-check: tests/bench/lib/hive-peer-check.mjs.
 *
 * The composition (fetch + Mesh, ~10–40 s of CPU on this document) runs in the calling process; the gateway runs in a
 * separate process (`hive-gateway supergraph`, one worker) whose pid is returned, so its CPU can be measured alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeSubgraphs } from '@graphql-mesh/fusion-composition';
import { loadNonExecutableGraphQLSchemaFromOpenAPI } from '@omnigraph/openapi';
import { root } from './platform.mjs';

/**
 * POST /api/secured/client/order/exch/filter is a mutation by Mesh's default (POST); the peer selects it as a query
 * field (loader configuration, not a change of the document) so that a page's reads go in one GraphQL query, like the
 * web app's ClientFeaPageQuery.
 */
export const PEER_QUERY_FIELDS = ['postSecuredClientOrderExchFilter'];

/**
 * The peer's query for the web app's client requests page (web/src/apps/client/fea/ClientFeaPage.tsx: the tab counts
 * and the first page of 10 requests of a tab, with their offers). The peer has no Relay connection, no derived display
 * status (`clientDisplayStatus`) and no leading offer: it answers the backend's raw `status` and every offer
 * (`partnerOrders`) of each request. Variables: `$statuses` — the statuses of a tab (current: VALIDATION,
 * IN_VALIDATION, ACTIVE, OFFER_ACCEPTED, PAYMENT_CHECKING, EXECUTING; completed: EXECUTED; cancelled: CANCELED,
 * REJECTED), `$pageSize` (10). Backend calls per query: 2 (tab counts, filter).
 */
export const PEER_CLIENT_ORDERS_QUERY = /* GraphQL */ `
  query PeerClientOrders(
    $statuses: [queryInput_postSecuredClientOrderExchFilter_input_statuses_items]
    $pageSize: PositiveInt = 10
  ) {
    tabCounts: getSecuredClientOrderExchTabCounts {
      ... on getSecuredClientOrderExchTabCounts_200_response {
        current
        completed
        cancelled
      }
    }
    orders: postSecuredClientOrderExchFilter(
      input: { statuses: $statuses, pageable: { page: 0, pageSize: $pageSize } }
    ) {
      ... on postSecuredClientOrderExchFilter_200_response {
        totalElements
        content {
          id
          number
          created
          paymentType
          amount {
            cost
            currency
          }
          counterparty {
            countryCode
            countryName
          }
          status
          statusDate
          partnerOrders {
            id
            status
          }
        }
      }
    }
  }
`;

/** The statuses of each client tab (spec core §4), for `$statuses` of PEER_CLIENT_ORDERS_QUERY. */
export const CLIENT_TAB_STATUSES = {
  current: ['VALIDATION', 'IN_VALIDATION', 'ACTIVE', 'OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'EXECUTING'],
  completed: ['EXECUTED'],
  cancelled: ['CANCELED', 'REJECTED'],
};

/** Hive Gateway's configuration: the session headers go to the backend and its cookies come back. */
const GATEWAY_CONFIG = `// Written by tests/bench/lib/hive-peer.mjs (issue 15).
const FORWARDED = ['cookie', 'x-xsrf-token'];
export const gatewayConfig = {
  propagateHeaders: {
    fromClientToSubgraphs({ request }) {
      const headers = {};
      for (const name of FORWARDED) {
        const value = request.headers.get(name);
        if (value) headers[name] = value;
      }
      return headers;
    },
    fromSubgraphsToClient({ response }) {
      const cookies = response.headers.getSetCookie?.() ?? [];
      return cookies.length > 0 ? { 'set-cookie': cookies } : {};
    },
  },
  // The supergraph file is composed once and never changes: no re-reading every 10 s (the default) during a bench.
  pollingInterval: 24 * 60 * 60 * 1000,
  maskedErrors: false,
  landingPage: false,
  graphiql: false,
};
`;

/**
 * Composes the supergraph of the peer from the backend's served OpenAPI document (`${backendUrl}/api/docs/json`; the
 * backend must run with OPENAPI_DOCS on, the default outside production). Returns `{ supergraphSdl, document }`
 * (`document`: the JSON text as served). Throws when Mesh reports composition errors.
 */
export async function composePeerSupergraph(backendUrl, dir) {
  const res = await fetch(`${backendUrl}/api/docs/json`);
  if (!res.ok) throw new Error(`GET /api/docs/json: ${res.status} (OPENAPI_DOCS off?)`);
  const document = await res.text();
  const source = join(dir, 'openapi.json');
  writeFileSync(source, document);
  const schema = await loadNonExecutableGraphQLSchemaFromOpenAPI('backend', {
    source,
    endpoint: backendUrl,
    cwd: dir,
    selectQueryOrMutationField: PEER_QUERY_FIELDS.map((fieldName) => ({ type: 'query', fieldName })),
  });
  const composed = composeSubgraphs([{ name: 'backend', schema }]);
  if (composed.errors?.length) throw new Error(`Mesh composition: ${composed.errors.map((e) => e.message).join('; ')}`);
  return { supergraphSdl: composed.supergraphSdl, document };
}

async function waitReady(url, child, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`hive-gateway exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url.replace(/\/graphql$/, '')}/readiness`);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('hive-gateway did not become ready');
}

/**
 * Starts the peer over `backendUrl` on `port` (127.0.0.1; take it from your BENCH_PORTS range, e.g. freePort()).
 * Resolves when the gateway is ready with `{ url, pid, stop, supergraphSdl }`: `url` is the GraphQL endpoint
 * (http://127.0.0.1:<port>/graphql), `pid` the gateway process (for CPU/RSS sampling), `stop()` ends it and removes
 * its temporary directory. Options: `readyTimeoutMs` (default 120 000 ms), `log` (pipe the gateway's output).
 */
export async function startHivePeer({ backendUrl, port, readyTimeoutMs = 120_000, log = false }) {
  const dir = mkdtempSync(join(tmpdir(), 'hive-peer-'));
  try {
    const { supergraphSdl } = await composePeerSupergraph(backendUrl, dir);
    writeFileSync(join(dir, 'supergraph.graphql'), supergraphSdl);
    writeFileSync(join(dir, 'gateway.config.mjs'), GATEWAY_CONFIG);
    const bin = join(root, 'node_modules', '@graphql-hive', 'gateway', 'dist', 'bin.js');
    const child = spawn(
      process.execPath,
      [bin, 'supergraph', join(dir, 'supergraph.graphql'), '--config-path', join(dir, 'gateway.config.mjs')],
      {
        cwd: root,
        env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), FORK: '1', NODE_ENV: 'production' },
        stdio: log ? 'inherit' : 'ignore',
      },
    );
    const url = `http://127.0.0.1:${port}/graphql`;
    const stop = async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    };
    try {
      await waitReady(url, child, readyTimeoutMs);
    } catch (e) {
      await stop();
      throw e;
    }
    return { url, pid: child.pid, stop, supergraphSdl };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
