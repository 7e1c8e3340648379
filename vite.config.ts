import react from '@vitejs/plugin-react';
import { type NamespacedUnregister, register, tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';

const api = `http://127.0.0.1:${process.env.PORT || 8080}`;

/**
 * Of an endpoint the SPA reads only its path and its timeout (src/dataProvider/client.ts, src/components/upload.ts):
 * the schemas, access, permissions and summary are for the server, the OpenAPI document and the API tests. Bundled as
 * written, contract/api/*.ts would bring every input and output schema, and zod's whole classic API, into the screens
 * that call them — the sign-in screens, which have no other use for zod, most of all. So the SPA gets each catalogue
 * evaluated here, at build (and dev) time, as plain data: `{login: {path: 'member/login'}, …}`. A module that exports
 * anything besides catalogues (a schema or a function, say) is bundled as it is. Types come from the source either way.
 */
function endpointsAsPaths(): Plugin {
  const readBySpa = ['path', 'timeout'];
  const isEndpoint = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && typeof (value as { path?: unknown }).path === 'string';
  // A build evaluates the catalogues in one namespace, so zod and the contract load once (seconds less); the dev
  // server evaluates each afresh, so that an edited catalogue is seen.
  let build: NamespacedUnregister | undefined;
  return {
    name: 'endpoints-as-paths',
    buildStart() {
      if (!this.meta.watchMode) build = register({ namespace: `endpoints-as-paths-${Date.now()}` });
    },
    async buildEnd() {
      await build?.unregister();
      build = undefined;
    },
    async load(id) {
      if (!/\/contract\/api\/[^/]+\.ts$/.test(id)) return null;
      const exports: Record<string, unknown> = await (build
        ? build.import(id, import.meta.url)
        : tsImport(id, import.meta.url));
      const catalogues: string[] = [];
      for (const [name, catalogue] of Object.entries(exports)) {
        if (typeof catalogue !== 'object' || catalogue === null) return null;
        const endpoints = Object.entries(catalogue);
        if (endpoints.length === 0 || !endpoints.every(([, e]) => isEndpoint(e))) return null;
        const data = Object.fromEntries(
          endpoints.map(([key, e]) => [
            key,
            Object.fromEntries(Object.entries(e as object).filter(([k]) => readBySpa.includes(k))),
          ]),
        );
        catalogues.push(`export const ${name} = ${JSON.stringify(data)};`);
      }
      this.addWatchFile(id);
      return catalogues.join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), endpointsAsPaths()],
  build: {
    outDir: 'dist',
    // bench/ reads the manifest to know which chunks each screen loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
    },
  },
});
