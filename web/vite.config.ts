import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Id of this build: BUILD_ID from the environment, else the build time in base 36 (spec core §7 builds manifest). */
const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

/**
 * Writes /builds-manifest.json `{ buildId, builtAt, files }` (the entry chunk, its static imports and CSS): the app
 * polls it for a new version (web/src/system/shell/buildsManifest.ts) and the service worker precaches `files`.
 */
function buildsManifest(): Plugin {
  return {
    name: 'platform-builds-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        files.add(`/${chunk.fileName}`);
        for (const f of chunk.imports) files.add(`/${f}`);
        for (const f of chunk.viteMetadata?.importedCss ?? []) files.add(`/${f}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'builds-manifest.json',
        source: JSON.stringify({ buildId, builtAt: new Date().toISOString(), files: [...files].sort() }, null, 2),
      });
    },
  };
}

/**
 * With BUILD_STATS=<file.json>, writes the chunk graph of the build there (outside dist): per chunk its file, whether it
 * is an entry or a dynamic entry, its static and dynamic imports and its modules with their rendered sizes in bytes
 * (before minification). For reading the first-load budget of issue 13 (docs/performance.md), like a bundle visualizer.
 */
function buildStats(): Plugin {
  return {
    name: 'platform-build-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const target = process.env.BUILD_STATS;
      if (!target) return;
      const chunks = Object.values(bundle).flatMap((chunk) =>
        chunk.type === 'chunk'
          ? [
              {
                file: chunk.fileName,
                bytes: chunk.code.length,
                isEntry: chunk.isEntry,
                isDynamicEntry: chunk.isDynamicEntry,
                imports: chunk.imports,
                dynamicImports: chunk.dynamicImports,
                modules: Object.fromEntries(Object.entries(chunk.modules).map(([id, m]) => [id, m.renderedLength])),
              },
            ]
          : [],
      );
      writeFileSync(target, JSON.stringify(chunks, null, 1));
    },
  };
}

/**
 * The lazy route modules (web/src/system/router/routes.tsx; paths under web/src without extension) that a first load
 * of each path needs: the public pages (without `/en`, which shares them) and the first page of each account area. A
 * key ending in `/*` also matches every path below it.
 */
const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['apps/landing/LandingLayout', 'apps/landing/ClientsLandingPage'],
  '/clients': ['apps/landing/LandingLayout', 'apps/landing/ClientsLandingPage'],
  '/agents': ['apps/landing/LandingLayout', 'apps/landing/AgentsLandingPage'],
  '/partners': ['apps/landing/LandingLayout', 'apps/landing/PartnersLandingPage'],
  '/clients/cards': ['apps/landing/CardsPage'],
  '/client/fea/*': [
    'apps/client/fea/preloadClientFea',
    'system/shell/AppRoot',
    'components/layouts/DefaultLayout',
    'apps/client/fea/ClientFeaPage',
  ],
  '/partner': ['system/shell/AppRoot', 'components/layouts/DefaultLayout', 'apps/partner/fea/PartnerFeaPage'],
  '/agent/fea': ['system/shell/AppRoot', 'components/layouts/DefaultLayout', 'apps/agent/fea/AgentFeaPage'],
  '/operator/fea/*': [
    'system/shell/AppRoot',
    'components/layouts/DefaultLayout',
    'apps/operator/OperatorRightRoute',
    'apps/operator/fea/OperatorFeaPage',
  ],
  '/client/auth': ['system/shell/AppRoot', 'components/layouts/AuthLayout', 'apps/auth/AuthMainPage'],
  '/partner/auth': ['system/shell/AppRoot', 'components/layouts/AuthLayout', 'apps/auth/AuthMainPage'],
  '/agent/auth': ['system/shell/AppRoot', 'components/layouts/AuthLayout', 'apps/auth/AuthMainPage'],
};

/**
 * Puts into index.html a small inline script that adds, for the path being opened (ROUTE_MODULES), `<link
 * rel="modulepreload">` for its lazy route chunks and `<link rel="stylesheet">` for their CSS before the entry runs, so
 * they load in parallel with the entry instead of one after another as the router reaches each lazy route (issue 13:
 * largest contentful paint of /clients under 1 s; the account areas' first page). Other paths preload nothing more. The
 * lazy imports then find the links and do not fetch twice. A module missing from the build is left out with a warning.
 */
function routePreload(): Plugin {
  return {
    name: 'platform-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const entry = chunks.find((c) => c.isEntry);
        const loadedWithEntry = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files: string[] = [];
        const indexOf = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
        const filesOf = (modules: string[]) => {
          const seen = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (!chunk || chunk.type !== 'chunk' || loadedWithEntry.has(fileName) || seen.has(fileName)) return;
            seen.add(fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
            chunk.imports.forEach(visit);
          };
          for (const module of modules) {
            const chunk = chunks.find(
              (c) =>
                /\.[jt]sx?$/.test(c.facadeModuleId ?? '') &&
                c.facadeModuleId?.replace(/\.[jt]sx?$/, '').endsWith(`/src/${module}`),
            );
            if (chunk) visit(chunk.fileName);
            else console.warn(`route preload: no lazy chunk for web/src/${module}, left out`);
          }
          return [...seen].map((f) => indexOf(`/${f}`));
        };
        const map = Object.fromEntries(
          Object.entries(ROUTE_MODULES).map(([path, modules]) => [path, filesOf(modules)]),
        );
        const code =
          `(function(){var f=${JSON.stringify(files)},m=${JSON.stringify(map)};` +
          `var p=location.pathname.replace(/^\\/en(?=\\/|$)/,'').replace(/(.)\\/$/,'$1')||'/',l=m[p];` +
          `if(!l)for(var k in m)if(/\\/\\*$/.test(k)&&(p+'/').indexOf(k.slice(0,-1))===0)l=m[k];` +
          `if(l)for(var i=0;i<l.length;i++){var e=document.createElement('link'),h=f[l[i]];` +
          `if(/\\.css$/.test(h))e.rel='stylesheet';else{e.rel='modulepreload';e.crossOrigin='';}` +
          `e.href=h;document.head.appendChild(e);}})();`;
        return [{ tag: 'script', children: code, injectTo: 'head' }];
      },
    },
  };
}

/** Chakra UI's default recipes, one file each (the CommonJS main module sits in dist/cjs). */
const chakraRecipesDir = join(
  dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')),
  '..',
  'esm',
  'theme',
  'recipes',
);
const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * Fails the build when a Chakra UI component in the bundle uses a recipe of Chakra's default theme that the app's
 * system (web/src/system/theme.ts, which takes only the recipes the app uses) lacks: such a component would render
 * unstyled without any error. The message names the recipe to add.
 */
function chakraRecipesCheck(): Plugin {
  return {
    name: 'platform-chakra-recipes-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const used = new Map<string, string>();
      const present = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of Object.keys(chunk.modules)) {
          const recipe = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/]([a-z-]+)\.js$/.exec(id);
          if (recipe) present.add(camel(recipe[1]));
          const component = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]([a-z-]+)[\\/]/.exec(id);
          const code = component && this.getModuleInfo(id)?.code;
          if (!code) continue;
          for (const m of code.matchAll(/key: "([a-zA-Z]+)"/g)) used.set(m[1], component[1]);
        }
      }
      const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const missing = [...used.keys()].filter(
        (key) => !present.has(key) && existsSync(join(chakraRecipesDir, `${kebab(key)}.js`)),
      );
      if (missing.length)
        this.error(
          `Chakra UI recipes missing from web/src/system/theme.ts: ${missing
            .map((key) => `${key} (component ${used.get(key)})`)
            .join(
              ', ',
            )}; add them to its recipes or slotRecipes (e.g. ${missing[0]}SlotRecipe or ${missing[0]}Recipe from '@chakra-ui/react/theme').`,
        );
    },
  };
}

const artifactDirectory = fileURLToPath(new URL('./src/__generated__', import.meta.url));
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:4000';

/**
 * @vitejs/plugin-react 6 no longer runs Babel, so the Relay `graphql` tags are compiled by
 * @rolldown/plugin-babel + babel-plugin-relay. The Relay options are passed explicitly (absolute
 * artifact directory) because babel-plugin-relay would otherwise resolve the root relay.config.js
 * paths against the current working directory, which is web/ here.
 */
export default defineConfig({
  plugins: [
    babel({
      include: /\/src\/.*\.[jt]sx?$/,
      plugins: [['babel-plugin-relay', { artifactDirectory, eagerEsModules: true }]],
    }),
    react(),
    buildsManifest(),
    buildStats(),
    routePreload(),
    chakraRecipesCheck(),
  ],
  resolve: {
    // react-relay's main module is CommonJS that re-exports the legacy container APIs too (QueryRenderer,
    // createFragmentContainer…), which cannot be tree-shaken; the app uses only the hooks API, which react-relay/hooks
    // exports alone (issue 13 "Fast first load").
    alias: [{ find: /^react-relay$/, replacement: 'react-relay/hooks' }],
  },
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: gateway, ws: true, changeOrigin: false },
      '/files': { target: gateway, changeOrigin: false },
      '/api': { target: gateway, changeOrigin: false },
      '/health': { target: gateway, changeOrigin: false },
      '/runtime-config.json': { target: gateway, changeOrigin: false }, // analytics counter (chat-and-shell §4)
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      // Chakra UI's `defineConfig`/`defineRecipe`/`defineSlotRecipe` return their argument; declared pure, the default
      // theme's aggregate objects (every recipe of Chakra) are dropped and only the recipes web/src/system/theme.ts
      // names stay (issue 13 "Fast first load").
      treeshake: { manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe', 'createSystem'] },
      // The CryptoPro plug-in loader inside `crypto-pro` (cadesplugin_api) evaluates the plug-in's own code with a
      // direct eval; it is the vendor's loader and works minified (e2e), so its EVAL warnings are not ours to fix.
      onwarn(warning, warn) {
        if (warning.code === 'EVAL' && /[\\/]crypto-pro[\\/]/.test(warning.id ?? '')) return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the app: separate chunks keep them cached across deploys. Only libraries
        // every page needs form a group (the entry); the rest follows the routes that import them (issue 13).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 20,
            },
            {
              name: 'relay',
              test: /node_modules[\\/](relay-runtime|react-relay|graphql-ws|invariant|fbjs|nullthrows|@babel[\\/]runtime)[\\/]/,
              priority: 15,
            },
          ],
        },
      },
    },
  },
});
