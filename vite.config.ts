import { isDeepStrictEqual } from 'node:util';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';

const api = `http://127.0.0.1:${process.env.PORT || 8080}`;

/**
 * The SPA reads an endpoint's path, method, timeout and the like (src/dataProvider/client.ts), never its zod
 * schemas: those are for the server, the OpenAPI document and the API tests. Bundled as written, contract/api/*.ts
 * would bring every input and output schema, and zod's whole classic API, into the screens that call them — the
 * sign-in screens, which have no other use for zod, most of all. So the SPA gets each catalogue evaluated here, at
 * build time, as plain data without its schemas (nor the summary lines). A module that exports anything besides catalogues (a schema the
 * SPA uses, say) is bundled as it is. The types come from the source either way.
 */
function endpointsWithoutSchemas(): Plugin {
  const isSchema = (value: unknown) => typeof value === 'object' && value !== null && '_zod' in value;
  // What the SPA never reads: the schemas, and the summary line written for the OpenAPI document.
  const serverOnly = (key: string, value: unknown) => key === 'summary' || isSchema(value);
  const isEndpoint = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && typeof (value as { path?: unknown }).path === 'string';
  return {
    name: 'endpoints-without-schemas',
    async load(id) {
      if (!/\/contract\/api\/[^/]+\.ts$/.test(id)) return null;
      const exports: Record<string, unknown> = await tsImport(id, import.meta.url);
      const catalogues: string[] = [];
      for (const [name, catalogue] of Object.entries(exports)) {
        if (typeof catalogue !== 'object' || catalogue === null) return null;
        const endpoints = Object.entries(catalogue);
        if (endpoints.length === 0 || !endpoints.every(([, e]) => isEndpoint(e))) return null;
        const data = Object.fromEntries(
          endpoints.map(([key, e]) => [
            key,
            Object.fromEntries(Object.entries(e as object).filter(([k, v]) => !serverOnly(k, v))),
          ]),
        );
        // Anything JSON cannot carry (a function, say) keeps the module as it is.
        if (!isDeepStrictEqual(JSON.parse(JSON.stringify(data)), data)) return null;
        catalogues.push(`export const ${name} = ${JSON.stringify(data)};`);
      }
      this.addWatchFile(id);
      return catalogues.join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), endpointsWithoutSchemas()],
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
