import react from '@vitejs/plugin-react';
import { type NamespacedUnregister, register, tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin, parseSync } from 'vite';

const api = `http://127.0.0.1:${process.env.PORT || 8080}`;

/**
 * Of an endpoint the SPA reads only its path, its timeout (src/dataProvider/client.ts, src/components/upload.ts) and
 * the names of its input's fields (src/dataProvider/resourceApi.ts `inputFields`):
 * the schemas, access, permissions and summary are for the server, the OpenAPI document and the API tests. Bundled as
 * written, contract/api/*.ts would bring every input and output schema, and zod's whole classic API, into the screens
 * that call them — the sign-in screens, which have no other use for zod, most of all. So the SPA gets each catalogue
 * evaluated here, at build (and dev) time, as plain data: `{login: {path: 'member/login', fields: [...]}, …}`. A module that exports
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
          endpoints.map(([key, e]) => {
            const shape = (e.input as { shape?: object } | undefined)?.shape;
            const read = Object.entries(e).filter(([k]) => readBySpa.includes(k));
            return [key, Object.fromEntries(shape ? [...read, ['fields', Object.keys(shape)]] : read)];
          }),
        );
        catalogues.push(`export const ${name} = ${JSON.stringify(data)};`);
      }
      this.addWatchFile(id);
      return catalogues.join('\n');
    },
  };
}

/**
 * contract/ declares: its modules' top-level constants are schemas, endpoints, entities and plain values, made by
 * calls that change nothing outside them (a zod schema registers nowhere the SPA reads). The bundler cannot know
 * that, so a screen importing one constant from a module would keep every schema the module makes, and zod with
 * them. This marks each call that makes a top-level constant `@__PURE__` — not the calls inside functions, which run
 * only when called — so that a screen keeps only the constants it uses (the dashboard and the article list need no
 * zod at all).
 */
function contractDeclarationsArePure(): Plugin {
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (value: unknown): value is Node =>
    typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
  const functionTypes = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);
  return {
    name: 'contract-declarations-are-pure',
    enforce: 'post',
    transform(code, id) {
      if (!/\/contract\/.+\.ts$/.test(id)) return null;
      const starts = new Set<number>();
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) {
          for (const item of node) visit(item);
          return;
        }
        if (!isNode(node) || functionTypes.has(node.type)) return;
        if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
        for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value);
      };
      for (const statement of parseSync(`${id}.js`, code).program.body as unknown as Node[]) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
        if (declaration?.type === 'VariableDeclaration') visit(declaration.declarations);
      }
      if (starts.size === 0) return null;
      let out = '';
      let last = 0;
      for (const start of [...starts].sort((a, b) => a - b)) {
        out += `${code.slice(last, start)}/* @__PURE__ */ `;
        last = start;
      }
      return { code: out + code.slice(last), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), endpointsAsPaths(), contractDeclarationsArePure()],
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
