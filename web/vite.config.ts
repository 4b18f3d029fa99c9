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
  ],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: gateway, ws: true, changeOrigin: false },
      '/files': { target: gateway, changeOrigin: false },
      '/api': { target: gateway, changeOrigin: false },
      '/health': { target: gateway, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
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
          ],
        },
      },
    },
  },
});
