/**
 * fast-equals' `deepEqual` as TipTap's `useEditorState` uses it (its default equalityFn: a selector's new answer that
 * equals the last one renders nothing), in 0.6 kB instead of 7.3. vite.config.ts (lazyParts) puts this module in the
 * package's place for @tiptap/react, the one package that imports it.
 *
 * Compared by value as fast-equals compares them: primitives (NaN equals NaN), plain and null-prototype objects by
 * their own enumerable keys (a React element's owner left out), class instances whose tag is `[object Object]` the
 * same way unless they are thenables, arrays, dates and regular expressions; values of different constructors are
 * never equal. What fast-equals also compares by value and selectors do not answer (maps, sets, URLs, errors, typed
 * arrays, boxed primitives) is unequal here unless identical: one render more, never a stale one
 * (tests/unit/writer-deep-equal.test.ts).
 */
const REACT_OWNER = new Set(['_owner', '__o', '__v']);

type Bag = Record<string, unknown>;

function objectsEqual(a: Bag, b: Bag): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const element = Boolean(a.$$typeof || b.$$typeof);
  return keys.every(
    (key) =>
      (element && REACT_OWNER.has(key)) ||
      (Object.prototype.propertyIsEnumerable.call(b, key) && deepEqual(a[key], b[key])),
  );
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const kind = a.constructor;
  if (kind !== b.constructor) return false;
  if (kind === Object || kind == null) return objectsEqual(a as Bag, b as Bag);
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    // Every index, holes too (as undefined): `every` would skip them.
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], other[i])) return false;
    return true;
  }
  if (a instanceof Date) return deepEqual(a.getTime(), (b as Date).getTime());
  if (a instanceof RegExp) return a.source === (b as RegExp).source && a.flags === (b as RegExp).flags;
  // A class instance (a ProseMirror selection, say) by its keys, as fast-equals does; a thenable only if identical.
  if (Object.prototype.toString.call(a) !== '[object Object]') return false;
  if (typeof (a as Bag).then === 'function' || typeof (b as Bag).then === 'function') return false;
  return objectsEqual(a as Bag, b as Bag);
}
