import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type NamespacedUnregister, register, tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin, parseSync } from 'vite';
import type { EntityBrief, EntityView, MenuPlace } from './contract/entityBrief';
import { AREA_FILE, LATER_AREAS, SERVER_AREAS, SIGN_IN_AREAS } from './i18n/areas';
import { KIT_LEFT_OUT } from './src/custom/writer/editor/kitPackages';

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
 * - An entity declaration imported with `?view` (src/entities/registry.ts loadView): what its list and the
 *   dataProvider read — its fields' kinds and list options, searches, filters, default order and endpoints as data
 *   (contract/entityView.ts) — without schemas: a list loads no zod; its form, which validates, loads the declaration.
 *
 * Types come from the source either way.
 */
function contractAsData(): Plugin {
  // A build evaluates the modules in one namespace, so zod and the contract load once (seconds less); the dev
  // server evaluates each afresh, so that an edited module is seen.
  let build: NamespacedUnregister | undefined;
  const evaluate = async (file: string): Promise<Record<string, unknown>> =>
    build ? build.import(file, import.meta.url) : tsImport(file, import.meta.url);

  /** contract/entityView.ts: what the SPA gets as data (an endpoint, an entity's view). */
  const asData = async () =>
    (await evaluate(
      new URL('./contract/entityView.ts', import.meta.url).pathname,
    )) as unknown as typeof import('./contract/entityView');

  const catalogues = async (exports: Record<string, unknown>): Promise<string | null> => {
    const { endpointAsData, isEndpoint } = await asData();
    const code: string[] = [];
    for (const [name, catalogue] of Object.entries(exports)) {
      if (typeof catalogue !== 'object' || catalogue === null) return null;
      const endpoints = Object.entries(catalogue);
      if (endpoints.length === 0 || !endpoints.every(([, e]) => isEndpoint(e))) return null;
      const data = Object.fromEntries(endpoints.map(([key, e]) => [key, endpointAsData(e)]));
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
  /** A declaration module's entities (its other exports, such as a record type's helpers, left out). */
  const entitiesOf = (exports: Record<string, unknown>) =>
    Object.entries(exports).filter(
      ([, value]) => typeof value === 'object' && value !== null && 'api' in value && 'fields' in value,
    );
  const briefs = (file: string, exports: Record<string, unknown>): string => {
    const code: string[] = [];
    for (const [exportName, value] of entitiesOf(exports)) {
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

  /** A declaration module's entities as their views (contract/entityView.ts), the module's other exports left out. */
  const views = async (exports: Record<string, unknown>): Promise<string> => {
    const { viewOf } = await asData();
    return entitiesOf(exports)
      .map(
        ([name, value]) =>
          `export const ${name} = ${JSON.stringify(viewOf(value as unknown as EntityView))};`,
      )
      .join('\n');
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
        code = await catalogues(await evaluate(file));
      else if (/\/contract\/entities\/[^/]+\.ts$/.test(file) && query === 'brief')
        code = briefs(file, await evaluate(file));
      else if (/\/contract\/entities\/[^/]+\.ts$/.test(file) && query === 'view')
        code = await views(await evaluate(file));
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

/**
 * TipTap's packages make each extension at their top level (`const Focus = Extension.create({...})`), which the
 * bundler must keep as a call it cannot see into: a screen importing one extension of @tiptap/extensions kept them
 * all (character count, focus, selection), and StarterKit's text style kit kept its six. `create` only builds the
 * object (@tiptap/core Extendable), so these calls are marked `@__PURE__` and an extension nobody imports is dropped.
 */
function tiptapExtensionsArePure(): Plugin {
  const made = /^((?:export )?(?:const|let|var) [\w$]+ = )((?:Extension|Node|Mark)\.create\()/gm;
  return {
    name: 'tiptap-extensions-are-pure',
    transform(code, id) {
      if (!/\/node_modules\/@tiptap\/[^/]+\/dist\/index\.js$/.test(id)) return null;
      const out = code.replace(made, '$1/* @__PURE__ */ $2');
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * Library modules put in their place by a lighter one of src/layout/lazyParts/ that loads the original when it is
 * used: what the first screen imports through react-admin's layout or MUI but needs only on demand. Each replacement
 * renders what the original renders until then (see its comment). Keyed by the file, under node_modules/, that an
 * import inside the package resolves to; the replacement imports the original by its path, which is left alone.
 */
const LAZY_PARTS: Record<string, string> = {
  'ra-ui-materialui/dist/layout/PageTitleConfigurable.js': 'src/layout/lazyParts/PageTitleConfigurable.tsx',
  'ra-ui-materialui/dist/preferences/Inspector.js': 'src/layout/lazyParts/Inspector.tsx',
  '@mui/material/esm/Tooltip/Tooltip.js': 'src/layout/lazyParts/Tooltip.tsx',
  'ra-core/dist/export/defaultExporter.js': 'src/layout/lazyParts/defaultExporter.ts',
  'ra-ui-materialui/dist/list/BulkActionsToolbar.js': 'src/layout/lazyParts/BulkActionsToolbar.tsx',
  'ra-ui-materialui/dist/button/BulkDeleteButton.js': 'src/layout/lazyParts/BulkDeleteButton.tsx',
  'ra-ui-materialui/dist/list/filter/FilterForm.js': 'src/layout/lazyParts/FilterForm.tsx',
  'ra-ui-materialui/dist/list/ListActions.js': 'src/layout/lazyParts/ListActions.tsx',
  'ra-ui-materialui/dist/list/Empty.js': 'src/layout/lazyParts/Empty.tsx',
  'ra-ui-materialui/dist/list/pagination/Pagination.js': 'src/layout/lazyParts/Pagination.tsx',
  'ra-ui-materialui/dist/list/datatable/ColumnsSelector.js': 'src/layout/lazyParts/ColumnsSelector.tsx',
  'ra-ui-materialui/dist/list/datatable/ColumnsSelectorItem.js':
    'src/layout/lazyParts/ColumnsSelectorItem.tsx',
};

/**
 * Packages put in the place of a bare import by a lighter module, for the importers (a package under node_modules/)
 * named: TipTap's Link extension's link detection, loaded when the writer's editor first takes the focus
 * (src/layout/lazyParts/linkify.ts), the deep equality TipTap's React hooks compare a selector's answers with
 * (src/custom/writer/editor/deepEqual.ts: 7.3 → 0.6 kB), and React's own useSyncExternalStore for theirs
 * (src/custom/writer/editor/syncExternalStore.ts: the shim for React before 18 left out).
 */
const LIGHTER_PACKAGES: Record<string, { importer: RegExp; replacement: string }> = {
  linkifyjs: {
    importer: /\/node_modules\/@tiptap\/extension-link\//,
    replacement: 'src/layout/lazyParts/linkify.ts',
  },
  'fast-equals': {
    importer: /\/node_modules\/@tiptap\/react\//,
    replacement: 'src/custom/writer/editor/deepEqual.ts',
  },
  'use-sync-external-store/shim/index.js': {
    importer: /\/node_modules\/@tiptap\/react\//,
    replacement: 'src/custom/writer/editor/syncExternalStore.ts',
  },
  'use-sync-external-store/shim/with-selector.js': {
    importer: /\/node_modules\/@tiptap\/react\//,
    replacement: 'src/custom/writer/editor/syncExternalStore.ts',
  },
};

function lazyParts(): Plugin {
  const packages = /\/node_modules\/(ra-ui-materialui\/dist|ra-core\/dist|@mui\/material\/esm)\//;
  // A build that swapped fewer modules than listed fails: after a library's upgrade a path that moved would
  // otherwise drop its swap without a word, and the bundles grow back.
  let building = false;
  const swapped = new Set<string>();
  return {
    name: 'lazy-parts',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(source, importer) {
      const lighter = Object.hasOwn(LIGHTER_PACKAGES, source) ? LIGHTER_PACKAGES[source] : undefined;
      if (importer && lighter?.importer.test(importer)) {
        swapped.add(source);
        return new URL(`./${lighter.replacement}`, import.meta.url).pathname;
      }
      if (!importer || !packages.test(importer) || !source.startsWith('.')) return null;
      const file = new URL(source, `file://${importer}`).pathname;
      const part = /\/node_modules\/(.+)$/.exec(file)?.[1];
      const replacement = part && LAZY_PARTS[part];
      if (!replacement) return null;
      swapped.add(part);
      return new URL(`./${replacement}`, import.meta.url).pathname;
    },
    buildEnd(error) {
      if (!building || error) return;
      const missed = [...Object.keys(LAZY_PARTS), ...Object.keys(LIGHTER_PACKAGES)].filter(
        (k) => !swapped.has(k),
      );
      if (missed.length)
        this.error(
          `lazyParts: never imported, so not swapped (did the library move it?): ${missed.join(', ')}`,
        );
    },
  };
}

/**
 * The writer's StarterKit without the extensions it turns off (src/custom/writer/editor/kitPackages.ts): the writer's
 * import of StarterKit gets a copy of its own, whose imports of those packages get kitLeftOut.ts. Any other
 * StarterKit (ra-input-rich-text's) is the whole one. Builds only: the dev server serves StarterKit as it is, which
 * behaves the same (the extensions are off). A build in which one of them was not swapped fails, naming it.
 */
function writerKit(): Plugin {
  const writerExtensions = /\/src\/custom\/writer\/editor\/extensions\.ts$/;
  const copy = '?writer-kit';
  const leftOut = new URL('./src/custom/writer/editor/kitLeftOut.ts', import.meta.url).pathname;
  const swapped = new Set<string>();
  return {
    name: 'writer-kit',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === '@tiptap/starter-kit' && importer && writerExtensions.test(importer)) {
        const kit = await this.resolve(source, importer, { skipSelf: true });
        return kit && `${kit.id}${copy}`;
      }
      if (importer?.endsWith(copy) && Object.hasOwn(KIT_LEFT_OUT, source)) {
        swapped.add(source);
        return leftOut;
      }
      return null;
    },
    buildEnd(error) {
      const missed = Object.keys(KIT_LEFT_OUT).filter((p) => !swapped.has(p));
      if (!error && missed.length)
        this.error(`writerKit: never imported, so not swapped: ${missed.join(', ')}`);
    },
  };
}

/**
 * A language's area files (i18n/areas.ts): the admin's first ones one file; its later ones a file each, named
 * `words-later-<area>-<lang>` (bench/bundle.ts finds a screen's by that name), since each screen loads its own; the
 * sign-in areas, which the sign-in screens load too, and the server's (never loaded) stay one file each.
 */
function wordsFile(id: string): string | null {
  const [, lang, area] = AREA_FILE.exec(id) ?? [];
  if (!lang || area === 'index' || area === 'areas' || area === 'types') return null;
  if (
    (SIGN_IN_AREAS as readonly string[]).includes(area) ||
    (SERVER_AREAS as readonly string[]).includes(area)
  )
    return null;
  return (LATER_AREAS as readonly string[]).includes(area)
    ? `words-later-${area}-${lang}`
    : `words-first-${lang}`;
}

/**
 * A dynamic import's preload list without the files its importer imports statically: those have loaded before the
 * importer's code runs, yet Vite names the imported chunk's whole static graph, the entry's and the admin shell's
 * files too, in every chunk that imports another (the writer's chunk named 83 files, the share button's 64, the
 * admin's 276). The bundle is read when the files are written, before Vite writes the lists (its own plugin runs
 * after the config's).
 */
function preloadOnlyNew() {
  let bundle: Record<string, { type: string; imports?: string[] }> | undefined;
  const loaded = new Map<string, Set<string>>();
  /** The host chunk with every chunk it imports statically, transitively. */
  const loadedWith = (host: string): Set<string> => {
    let files = loaded.get(host);
    if (files) return files;
    if (!bundle) throw new Error('preloadOnlyNew: the bundle was not seen before the preload lists');
    files = new Set<string>();
    const visit = (file: string) => {
      if (files?.has(file)) return;
      files?.add(file);
      for (const dep of bundle?.[file]?.imports ?? []) visit(dep);
    };
    visit(host);
    loaded.set(host, files);
    return files;
  };
  const plugin: Plugin = {
    name: 'preload-only-new',
    apply: 'build',
    generateBundle(_options, output) {
      bundle = output as typeof bundle;
      loaded.clear();
    },
  };
  return {
    plugin,
    /** The deps the host has not loaded already (a page's own list, from index.html, stays whole). */
    filter: (deps: string[], host: { hostId: string; hostType: 'html' | 'js' }) => {
      if (host.hostType !== 'js') return deps;
      const had = loadedWith(host.hostId);
      return deps.filter((dep) => !had.has(dep));
    },
  };
}
const preload = preloadOnlyNew();

/** The modules of src/auth/ only the sign-in app imports (its pages load on their own). */
const SIGN_IN_PARTS =
  /\/src\/auth\/(authI18n|AuthCard|Captcha|form|formFields|LanguageSwitch|proofOfWork|router|Toast|ToastView|ui|useAuthForm|auth)\.(tsx?|css)$/;

/**
 * MUI's form inputs (TextField and what it is made of, selects, checkboxes, radios, the table's pagination) and Chip:
 * the lists, forms and dialogs use them, the dashboard's first screen does not. Select/utils stays with the rest of
 * MUI (MenuItem reads its context).
 */
const MUI_FORMS =
  /node_modules\/@mui\/material\/esm\/(Select\/(?!utils\/)|(TextField|FilledInput|OutlinedInput|Input|NativeSelect|FormLabel|FormHelperText|InputLabel|InputAdornment|Checkbox|Switch|TablePagination|Autocomplete)\/|internal\/SwitchBase\.js)/;

/**
 * Of those, the bare text box (InputBase), which the writer's first screen uses without the rest (its title fields,
 * link box), as a file of its own; the form-control state (with InputBase's helpers it reads), which the text box and
 * the checkbox read, as another; and Chip,
 * which the writer's status and the lists' first render use without a text box, as a third.
 */
const MUI_TEXT_BOX = /node_modules\/@mui\/material\/esm\/(InputBase\/(?!utils\.js)|TextareaAutosize\/)/;
const MUI_FORM_CONTROL = /node_modules\/@mui\/material\/esm\/(FormControl\/|InputBase\/utils\.js)/;
const MUI_CHIP = /node_modules\/@mui\/material\/esm\/Chip\//;

/**
 * And the checkbox with the switch base it is made of, which a list's table uses for its row selection without the
 * rest (a file of its own, so that a list's first render does without the other inputs).
 */
const MUI_CHECKBOX = /node_modules\/@mui\/material\/esm\/(Checkbox\/|internal\/SwitchBase\.js)/;

/** And radios, labelled controls and their groups, which only forms and dialogs use. */
const MUI_CHOICES = /node_modules\/@mui\/material\/esm\/(Radio|RadioGroup|FormControlLabel|FormGroup)\//;

/**
 * The lodash functions the admin's first screen runs (react-admin's get, isEqual and debounce) with every module
 * they require, read from lodash itself: one file, which the lazy parts' own lodash functions do not split.
 */
function lodashOf(names: string[]): Set<string> {
  const dir = path.join(import.meta.dirname, 'node_modules/lodash');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, dep] of readFileSync(path.join(dir, file), 'utf8').matchAll(/require\('\.\/([^']+)'\)/g))
      visit(`${dep}.js`);
  };
  for (const name of names) visit(`${name}.js`);
  return seen;
}
const FIRST_LODASH = lodashOf(['get', 'isEqual', 'debounce']);

/** i18n/<lang>/entities/<name>.ts, with the language. */
const ENTITY_WORDS = /i18n\/([^/]+)\/entities\//;

export default defineConfig({
  plugins: [
    react(),
    contractAsData(),
    contractDeclarationsArePure(),
    tiptapExtensionsArePure(),
    lazyParts(),
    writerKit(),
    preload.plugin,
  ],
  build: {
    outDir: 'dist',
    // bench/ reads the manifest to know which chunks each screen loads.
    manifest: true,
    modulePreload: {
      // A words file (wordsFile, entity words) imports only what the admin has loaded before it (the bundler's
      // runtime, the entity words): no list of files to preload with it, which would name every one of them twice
      // in the modules that load words (the later areas' loader: 2.0 → ~1 kB gzip on each screen).
      resolveDependencies: (file, deps, host) =>
        /\/(entity-)?words-[^/]+$/.test(file) ? [] : preload.filter(deps, host),
    },
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
            { debugName: 'area-words', name: wordsFile, test: (id) => wordsFile(id) !== null },
            // The sign-in app's own parts, which the admin never loads, as one file: a dozen small ones compress
            // worse and cost a request each (bench/bundle.ts).
            { name: 'sign-in', test: SIGN_IN_PARTS, includeDependenciesRecursively: false },
            // MUI's inputs as a file of their own, which the dashboard does not load (328.4 → 315.0 kB gzip, with
            // react-admin's page title editor lazy: lazyParts).
            {
              name: 'mui-text-box',
              test: MUI_TEXT_BOX,
              minShareCount: 12,
              includeDependenciesRecursively: false,
            },
            {
              name: 'mui-form-control',
              test: MUI_FORM_CONTROL,
              minShareCount: 12,
              includeDependenciesRecursively: false,
            },
            {
              name: 'mui-chip',
              test: MUI_CHIP,
              minShareCount: 12,
              includeDependenciesRecursively: false,
            },
            {
              name: 'mui-checkbox',
              test: MUI_CHECKBOX,
              includeDependenciesRecursively: false,
            },
            {
              name: 'mui-choices',
              test: MUI_CHOICES,
              minShareCount: 12,
              includeDependenciesRecursively: false,
            },
            {
              name: 'mui-forms',
              test: MUI_FORMS,
              minShareCount: 12,
              includeDependenciesRecursively: false,
            },
            {
              name: 'lodash',
              test: (id) => FIRST_LODASH.has(/\/node_modules\/lodash\/([^/]+)$/.exec(id)?.[1] ?? ''),
              includeDependenciesRecursively: false,
            },
            // TanStack Query's core, which the first screen runs: one file, not cut by which lazy part uses which.
            {
              name: 'query',
              test: /node_modules\/@tanstack\/query-core\//,
              includeDependenciesRecursively: false,
            },
            // MUI's parts that most of the admin's screens use, as one file: left to itself rolldown cut them into
            // two dozen small chunks by which screens share each (bench/bundle.ts: the dashboard 350.6 → 335.9 kB
            // gzip, /press 473.8 → 448.2, the writer 555.2 → 532.8). Only these modules, not what they import
            // (React stays in the entry).
            {
              name: 'mui',
              test: /node_modules\/(@mui|@emotion|react-transition-group|stylis|hoist-non-react-statics|@popperjs)\//,
              minShareCount: 12,
              includeDependenciesRecursively: false,
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
