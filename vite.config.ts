import react from '@vitejs/plugin-react';
import { type NamespacedUnregister, register, tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin, parseSync } from 'vite';
import type { Entity } from './contract/entity';
import type { EntityBrief, MenuPlace } from './contract/entityBrief';

const api = `http://127.0.0.1:${process.env.PORT || 8080}`;

/**
 * Some contract modules reach the SPA as data evaluated here, at build (and dev) time, rather than as written:
 *
 * - An endpoint catalogue, contract/api/*.ts. Of an endpoint the SPA reads only its path, its timeout
 *   (src/dataProvider/client.ts, src/components/upload.ts) and the names of its input's fields
 *   (src/dataProvider/resourceApi.ts `inputFields`): the schemas, access, permissions and summary are for the
 *   server, the OpenAPI document and the API tests. Bundled as written, a catalogue would bring every input and output
 *   schema, and zod's whole classic API, into the screens that call it — the sign-in screens, which have no other
 *   use for zod, most of all. So the SPA gets `{login: {path: 'member/login', fields: [...]}, …}`. A module that
 *   exports anything besides catalogues (a schema or a function, say) is bundled as it is.
 * - An entity declaration imported with `?brief` (src/entities/registry.ts): what the menu, the routes and the
 *   access checks need before the first render — name, title, feature, permissions (and the entity's own ones), the
 *   ops it serves (and `creates: false`, `updates: false`), resources and menu places —
 *   without the fields and their schemas, which load with the entity's screens.
 * - An entity declaration imported with `?list` (src/entities/registry.ts loadEntityList): what the generated list
 *   reads — its fields without their schemas, the endpoints as data, title, searches, order, ops — so that a list
 *   whose dataProvider maps from the brief (the content lists) loads no zod.
 *
 * Types come from the source either way.
 */
function contractAsData(): Plugin {
  const readBySpa = ['path', 'timeout'];
  const isEndpoint = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && typeof (value as { path?: unknown }).path === 'string';
  // A build evaluates the modules in one namespace, so zod and the contract load once (seconds less); the dev
  // server evaluates each afresh, so that an edited module is seen.
  let build: NamespacedUnregister | undefined;
  const evaluate = async (file: string): Promise<Record<string, unknown>> =>
    build ? build.import(file, import.meta.url) : tsImport(file, import.meta.url);

  /** An endpoint as the SPA reads it. */
  const asData = (e: Record<string, unknown>) => {
    const shape = (e.input as { shape?: object } | undefined)?.shape;
    const read = Object.entries(e).filter(([k]) => readBySpa.includes(k));
    return Object.fromEntries(shape ? [...read, ['fields', Object.keys(shape)]] : read);
  };

  const catalogues = (exports: Record<string, unknown>): string | null => {
    const code: string[] = [];
    for (const [name, catalogue] of Object.entries(exports)) {
      if (typeof catalogue !== 'object' || catalogue === null) return null;
      const endpoints = Object.entries(catalogue);
      if (endpoints.length === 0 || !endpoints.every(([, e]) => isEndpoint(e))) return null;
      const data = Object.fromEntries(endpoints.map(([key, e]) => [key, asData(e)]));
      code.push(`export const ${name} = ${JSON.stringify(data)};`);
    }
    return code.join('\n');
  };

  // A menu place's icon is `() => import('<module>')`: written back as that, the one function a brief holds.
  const place = (file: string, menu: MenuPlace) => {
    const module = /import\(\s*["']([^"']+)["']\s*\)/.exec(String(menu.icon))?.[1];
    if (!module) throw new Error(`${file}: a menu icon must be written \`() => import('<module>')\``);
    return `{group: ${JSON.stringify(menu.group)}, order: ${menu.order}, icon: () => import(${JSON.stringify(module)})}`;
  };
  const briefs = (
    file: string,
    exports: Record<string, unknown>,
    mapping: typeof import('./contract/resources'),
    { ENTITY_OPS }: typeof import('./contract/entityBrief'),
  ): string => {
    const code: string[] = [];
    for (const [exportName, value] of Object.entries(exports)) {
      if (typeof value !== 'object' || value === null || !('api' in value && 'fields' in value)) continue;
      const { name, title, permissions, ownPermissions, feature, ops, creates, updates, menu, resources } =
        value as unknown as EntityBrief;
      const props = [`name: ${JSON.stringify(name)}`, `title: ${JSON.stringify(title)}`];
      props.push(`permissions: ${JSON.stringify(permissions)}`);
      if (ownPermissions) props.push(`ownPermissions: ${JSON.stringify(ownPermissions)}`);
      if (feature) props.push(`feature: ${JSON.stringify(feature)}`);
      if (ops) props.push(`ops: ${JSON.stringify(ops)}`);
      if (creates === false) props.push('creates: false');
      if (updates === false) props.push('updates: false');
      if (menu) props.push(`menu: ${place(file, menu)}`);
      // Every op the catalogue's: the endpoints as data and the list's filters, for the dataProvider to map its
      // resources from the brief (contract/resources.ts briefResourceApi).
      const { endpoints, deleteWith } = value as unknown as EntityBrief;
      const served = ENTITY_OPS.filter((op) => (ops ?? ENTITY_OPS).includes(op));
      if (endpoints && served.every((op) => endpoints[op])) {
        const data = Object.fromEntries(
          served.map((op) => [op, asData(endpoints[op] as unknown as Record<string, unknown>)]),
        );
        props.push(`endpoints: ${JSON.stringify(data)}`);
        if (deleteWith) props.push(`deleteWith: ${JSON.stringify(deleteWith)}`);
        props.push(`listFilters: ${JSON.stringify(mapping.filterSpecs(value as unknown as Entity))}`);
      }
      if (resources) {
        const each = resources.map(
          (r) => `{...${JSON.stringify({ ...r, menu: undefined })}, menu: ${place(file, r.menu)}}`,
        );
        props.push(`resources: [${each.join(', ')}]`);
      }
      code.push(`export const ${exportName} = {${props.join(', ')}};`);
    }
    return code.join('\n');
  };

  /** A field without its schemas (and its sub-record's fields alike). */
  const fieldData = ({
    input: _input,
    output: _output,
    fields,
    ...rest
  }: Entity['fields'][string]): object =>
    fields
      ? { ...rest, fields: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, fieldData(f)])) }
      : rest;
  const listViews = (exports: Record<string, unknown>): string => {
    const code: string[] = [];
    for (const [exportName, value] of Object.entries(exports)) {
      if (typeof value !== 'object' || value === null || !('api' in value && 'fields' in value)) continue;
      const { name, title, ops, creates, updates, defaultSort, searches, fields, api } = value as Entity;
      const data = {
        name,
        title,
        ops,
        creates,
        updates,
        defaultSort,
        searches,
        fields: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, fieldData(f)])),
        api: Object.fromEntries(
          Object.entries(api).map(([op, e]) => [op, asData(e as unknown as Record<string, unknown>)]),
        ),
      };
      code.push(`export const ${exportName} = ${JSON.stringify(data)};`);
    }
    return code.join('\n');
  };

  return {
    name: 'contract-as-data',
    buildStart() {
      if (!this.meta.watchMode) build = register({ namespace: `contract-as-data-${Date.now()}` });
    },
    async buildEnd() {
      await build?.unregister();
      build = undefined;
    },
    async load(id) {
      const [file, query] = id.split('?');
      let code: string | null = null;
      if (/\/contract\/api\/[^/]+\.ts$/.test(file) && query === undefined)
        code = catalogues(await evaluate(file));
      else if (/\/contract\/entities\/[^/]+\.ts$/.test(file) && query === 'brief')
        code = briefs(
          file,
          await evaluate(file),
          (await evaluate(
            new URL('./contract/resources.ts', import.meta.url).pathname,
          )) as unknown as typeof import('./contract/resources'),
          // Evaluated as the contract is, not imported: the config stays loadable without a bundler.
          (await evaluate(
            new URL('./contract/entityBrief.ts', import.meta.url).pathname,
          )) as unknown as typeof import('./contract/entityBrief'),
        );
      else if (/\/contract\/entities\/[^/]+\.ts$/.test(file) && query === 'list')
        code = listViews(await evaluate(file));
      if (code === null) return null;
      this.addWatchFile(file);
      return code;
    },
  };
}

/**
 * contract/ declares: its modules' top-level constants are schemas, endpoints, entities and plain values, made by
 * code that changes nothing outside them (a zod schema registers nowhere the SPA reads). The bundler cannot know
 * that — a call, or even reading a property of an import, might — so a screen importing one constant of a module
 * would keep every schema the module makes, and zod with them. This wraps each top-level constant's value in a
 * function called at once and marked `@__PURE__`: the value is made when it was, and a constant no screen uses is
 * dropped with all it needs (the dashboard and the article list load no zod).
 */
function contractDeclarationsArePure(): Plugin {
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const plain = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);
  return {
    name: 'contract-declarations-are-pure',
    enforce: 'post',
    transform(code, id) {
      if (!/\/contract\/.+\.ts$/.test(id)) return null;
      const values: Node[] = [];
      for (const statement of parseSync(`${id}.js`, code).program.body as unknown as Node[]) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations as { init: Node | null }[])
          if (init && !plain.has(init.type)) values.push(init);
      }
      if (values.length === 0) return null;
      let out = '';
      let last = 0;
      for (const value of values) {
        out += `${code.slice(last, value.start)}/* @__PURE__ */ (() => (${code.slice(value.start, value.end)}))()`;
        last = value.end;
      }
      return { code: out + code.slice(last), map: null };
    },
  };
}

/** i18n/<lang>/entities/<name>.ts, with the language. */
const ENTITY_WORDS = /i18n\/([^/]+)\/entities\//;

export default defineConfig({
  plugins: [react(), contractAsData(), contractDeclarationsArePure()],
  build: {
    outDir: 'dist',
    // bench/ reads the manifest to know which chunks each screen loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // A language's entity words load together (src/i18n/index.ts): one file per language, not one per entity.
            {
              debugName: 'entity-words',
              name: (id) => `entity-words-${ENTITY_WORDS.exec(id)?.[1]}`,
              test: ENTITY_WORDS,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
      '/i18n': { target: api, changeOrigin: false },
    },
  },
});
