/**
 * What the build gives TipTap's React hooks in place of packages (vite.config.ts LIGHTER_PACKAGES):
 * - a deep equality in fast-equals' place (src/custom/writer/editor/deepEqual.ts): a selector's answer that it calls
 *   equal to the last renders nothing, so it must answer as fast-equals does for what selectors answer, and never
 *   call equal what fast-equals does not;
 * - React's own useSyncExternalStore in the place of use-sync-external-store's shim
 *   (src/custom/writer/editor/syncExternalStore.ts), which is what the shim hands out wherever React has one.
 */
import { getSchema } from '@tiptap/core';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { deepEqual as original } from 'fast-equals';
import { createElement, useSyncExternalStore } from 'react';
import * as shim from 'use-sync-external-store/shim';
import * as shimWithSelector from 'use-sync-external-store/shim/with-selector';
import * as withSelector from 'use-sync-external-store/with-selector';
import { describe, expect, it } from 'vitest';
import { deepEqual } from '../../src/custom/writer/editor/deepEqual';
import { schemaExtensions } from '../../src/custom/writer/editor/extensions';
import * as swap from '../../src/custom/writer/editor/syncExternalStore';

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}
class OtherPoint {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

const schema = getSchema(schemaExtensions());
const doc = schema.node('doc', null, [schema.node('paragraph', null, [schema.text('一二三四五')])]);
const state = EditorState.create({ doc });
const selection = (from: number, to: number) => TextSelection.create(state.doc, from, to);

/** What the writer's toolbar selector answers (FormatToolbar.tsx), for a selection and a link. */
const toolbar = (over: Record<string, unknown> = {}) => ({
  text: true,
  focused: true,
  from: 1,
  to: 4,
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  code: false,
  link: true,
  href: 'https://example.com',
  level: 0,
  ...over,
});

const sparse: unknown[] = [];
sparse[1] = 5;
/** An instance whose keys are equal but that is a thenable (a non-enumerable `then`): equal only if identical. */
const thenable = () => Object.defineProperty(new Point(1, 2), 'then', { value: () => undefined });
const nullProto = (value: number) => Object.assign(Object.create(null), { value });

/** Pairs of the kinds selectors answer: ours must say what fast-equals says. */
const SAME: [string, unknown, unknown][] = [
  ['equal numbers', 3, 3],
  ['different numbers', 3, 4],
  ['NaN and NaN', Number.NaN, Number.NaN],
  ['0 and -0', 0, -0],
  ['a number and its string', 1, '1'],
  ['null and undefined', null, undefined],
  ['null and an object', null, {}],
  ['booleans', true, false],
  ['strings', '一', '一'],
  ['different functions', () => 1, () => 1],
  ['equal toolbar states', toolbar(), toolbar()],
  ['toolbar states, one mark apart', toolbar(), toolbar({ bold: true })],
  ['toolbar states, one key more', toolbar(), { ...toolbar(), extra: undefined }],
  ['a key missing and one undefined', { a: 1, b: undefined }, { a: 1, c: undefined }],
  ['arrays', ['bold', 'italic'], ['bold', 'italic']],
  ['arrays, another order', ['bold', 'italic'], ['italic', 'bold']],
  ['arrays of different lengths', [1], [1, 1]],
  ['a hole and a value', sparse, [0, 5]],
  ['a hole and undefined', sparse, [undefined, 5]],
  ['an array and an object', [], {}],
  ['nested', { a: [{ b: [1, { c: 'd' }] }] }, { a: [{ b: [1, { c: 'd' }] }] }],
  ['nested, deep apart', { a: [{ b: [1, { c: 'd' }] }] }, { a: [{ b: [1, { c: 'e' }] }] }],
  ['null-prototype objects', nullProto(1), nullProto(1)],
  ['null-prototype objects apart', nullProto(1), nullProto(2)],
  ['a null-prototype and a plain object', nullProto(1), { value: 1 }],
  ['instances of a class', new Point(1, 2), new Point(1, 2)],
  ['instances of a class apart', new Point(1, 2), new Point(1, 3)],
  ['instances of two classes', new Point(1, 2), new OtherPoint(1, 2)],
  ['an instance and a plain object', new Point(1, 2), { x: 1, y: 2 }],
  ['dates', new Date(5), new Date(5)],
  ['dates apart', new Date(5), new Date(6)],
  ['invalid dates', new Date(Number.NaN), new Date(Number.NaN)],
  ['regular expressions', /a/g, /a/g],
  ['regular expressions, other flags', /a/g, /a/i],
  ['React elements', createElement('b', { x: 1 }), createElement('b', { x: 1 })],
  ['React elements apart', createElement('b', { x: 1 }), createElement('b', { x: 2 })],
  ['equal selections', selection(1, 3), selection(1, 3)],
  ['selections apart', selection(1, 3), selection(1, 4)],
  ['a selection and its position', selection(2, 2), 2],
  ['thenable instances', thenable(), thenable()],
  ['promises', Promise.resolve(1), Promise.resolve(1)],
];

/** What fast-equals compares by value and no selector answers: unequal here unless identical (a render more). */
const map = () => new Map([['a', 1]]);
const set = () => new Set([1]);
const error = () => Object.assign(new Error('x'), { stack: 'x' });
const UNEQUAL: [string, unknown, unknown][] = [
  ['maps', map(), map()],
  ['sets', set(), set()],
  ['URLs', new URL('https://example.com/'), new URL('https://example.com/')],
  ['typed arrays', new Uint8Array([1]), new Uint8Array([1])],
  ['errors', error(), error()],
];

/** A random value of the kinds above, from a seeded generator, and a copy of it perhaps changed in one place. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const leaf = () =>
    [0, -0, 1, Number.NaN, 'a', 'b', '', true, false, null, undefined][Math.floor(next() * 11)];
  const value = (depth: number): unknown => {
    const pick = next();
    if (depth > 3 || pick < 0.4) return leaf();
    if (pick < 0.6) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
    if (pick < 0.7) return new Point(Number(value(depth + 1)), 1);
    if (pick < 0.75) return new Date(Math.floor(next() * 3));
    return Object.fromEntries(
      Array.from({ length: Math.floor(next() * 4) }, (_, i) => [`k${i}`, value(depth + 1)]),
    );
  };
  const copy = (v: unknown, change: { left: boolean }): unknown => {
    if (change.left && next() < 0.3) {
      change.left = false;
      return leaf();
    }
    if (Array.isArray(v)) return v.map((x) => copy(x, change));
    if (v instanceof Point) return new Point(v.x, v.y);
    if (v instanceof Date) return new Date(v.getTime());
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x, change)]));
    return v;
  };
  const a = value(0);
  return [a, copy(a, { left: next() < 0.5 })] as const;
}

describe("the writer's deep equality", () => {
  it.each(SAME)('answers as fast-equals for %s', (_, a, b) => {
    expect(deepEqual(a, b)).toBe(original(a, b));
    expect(deepEqual(b, a)).toBe(original(b, a));
  });

  it.each(UNEQUAL)('calls %s unequal unless identical', (_, a, b) => {
    expect(original(a, b)).toBe(true);
    expect(deepEqual(a, b)).toBe(false);
    expect(deepEqual(a, a)).toBe(true);
  });

  it('answers as fast-equals for 5,000 random pairs, equal and not', () => {
    const answers = { equal: 0, unequal: 0 };
    for (let seed = 1; seed <= 5000; seed++) {
      const [a, b] = random(seed);
      const expected = original(a, b);
      expect(deepEqual(a, b), JSON.stringify({ seed })).toBe(expected);
      answers[expected ? 'equal' : 'unequal'] += 1;
    }
    // Both answers are tried often.
    expect(answers.equal).toBeGreaterThan(1000);
    expect(answers.unequal).toBeGreaterThan(1000);
  });
});

describe("the writer's useSyncExternalStore", () => {
  it("is React's, as the shim's is with this React", () => {
    expect(shim.useSyncExternalStore).toBe(useSyncExternalStore);
    expect(swap.useSyncExternalStore).toBe(useSyncExternalStore);
  });

  it("has the selector helper of the package, the shim's built on React's hook alike", () => {
    expect(swap.useSyncExternalStoreWithSelector).toBe(withSelector.useSyncExternalStoreWithSelector);
    expect(shimWithSelector.useSyncExternalStoreWithSelector.toString()).toBe(
      withSelector.useSyncExternalStoreWithSelector.toString(),
    );
  });
});
