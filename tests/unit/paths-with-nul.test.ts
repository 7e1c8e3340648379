/** action()'s NUL scan (server/http/action.ts): the dotted path of each string or key holding one; too deep is 400. */
import { describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { MAX_INPUT_DEPTH, pathsWithNul } from '../../server/http/action';
import { AppError } from '../../server/http/errors';

describe('pathsWithNul', () => {
  it('names each string holding a NUL by its dotted path, and a key holding one by its parent', () => {
    const found = pathsWithNul({ a: 'x\u0000', b: { c: ['ok', 'n\u0000'] }, 'k\u0000': 1 });
    expect(found.sort()).toEqual(['', 'a', 'b.c.1']);
    expect(pathsWithNul('a\u0000')).toEqual(['']);
  });

  it('finds nothing in a usual input', () => {
    expect(pathsWithNul({ query: { page: 1, size: 10, filters: [{ col: 'name', value: '咖啡' }] } })).toEqual(
      [],
    );
  });

  it(`refuses a value nested deeper than ${MAX_INPUT_DEPTH}`, () => {
    let deep: unknown = 'end';
    for (let i = 0; i <= MAX_INPUT_DEPTH; i++) deep = [deep];
    const thrown = (() => {
      try {
        pathsWithNul(deep);
      } catch (err) {
        return err;
      }
    })();
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe(Code.BAD_REQUEST);
    let fine: unknown = 'end';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) fine = [fine];
    expect(pathsWithNul(fine)).toEqual([]);
  });
});
