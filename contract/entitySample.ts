/**
 * A valid record of an entity, derived from its field rules: what the generated conformance tests save
 * (tests/api/conformance.test.ts), so that a new entity's tests run unchanged however narrow its rules are.
 *
 * Each editable field's value is the first of a list of candidates of its kind that the field's own rule (its zod
 * `input`, the very check the server makes) accepts: texts in Chinese, then in ASCII, short, upper-case, digits, an
 * e-mail address and a web address, each also repeated to 8, 20, 60 and 200 characters (for a minimum length);
 * numbers inside the rule's minimum and maximum; an enum's values in turn; dates of 2030 and moments of 2031 (so a
 * moment comes after a date); an image on the web; references to the records `refs` names (the tests make one of each
 * referenced resource first), else none; a sub-record per language and, when a list may not be empty, one entry.
 * `n` makes the values unique (a slug, a code unique per site). A field no candidate satisfies is an error naming it:
 * such an entity declares its own `sample` (contract/entity.ts), as one must whose `refine` ties fields together in
 * a way these values miss.
 */
import type { Field, Fields } from './entity';

/** The id of a record of the resource, made for the samples to refer to; undefined when there is none. */
export type SampleRefs = (resource: string) => number | undefined;

const pad = (v: number) => String(v).padStart(2, '0');

/** The schema inside defaults, nullables and pipes: where a number's minimum and maximum are. */
function inner(schema: unknown): { minValue?: number | null; maxValue?: number | null } {
  let s = schema as { _zod?: { def?: { innerType?: unknown; in?: unknown } } } | undefined;
  for (let i = 0; i < 10 && s?._zod?.def; i++) {
    const next = s._zod.def.innerType ?? s._zod.def.in;
    if (!next) break;
    s = next as typeof s;
  }
  return s as { minValue?: number | null; maxValue?: number | null };
}

function texts(name: string, n: number): string[] {
  const base = [
    `樣本 ${name} ${n}`,
    `sample-${name.replaceAll('_', '-')}-${n}`,
    `Sample ${n}`,
    `S${n}`,
    `SAMPLE${n}`,
    String(100_000 + n),
    `sample${n}@example.com`,
    `https://example.com/${name}/${n}`,
  ];
  const long = [8, 20, 60, 200].flatMap((size) =>
    base.map((b) => b.repeat(Math.ceil(size / b.length)).slice(0, size)),
  );
  return [...base, ...long];
}

function numbers(field: Field, n: number): number[] {
  const { minValue, maxValue } = inner(field.input);
  const lo = Number.isFinite(minValue) ? Number(minValue) : 0;
  const hi = Number.isFinite(maxValue) ? Number(maxValue) : lo + 1000;
  const span = Math.max(1, Math.min(hi - lo + 1, 1000));
  return [100 + n, n, lo + (n % span), lo, hi, 1, 0];
}

/** The candidates of a field, in order of preference. */
function candidates(name: string, field: Field, n: number, refs: SampleRefs): unknown[] {
  const image = `https://cdn.example/${name}-${n}.png`;
  switch (field.kind) {
    case 'text':
    case 'longText':
      return texts(name, n);
    case 'richText':
      return [`<p>樣本 ${n}</p>`, ...texts(name, n)];
    case 'slug':
      return [`sample-${name.replaceAll('_', '-')}-${n}`, `s${n}`, ''];
    case 'image':
      return [image, ''];
    case 'images':
      return [[image], []];
    case 'money':
    case 'number':
      return numbers(field, n);
    case 'switch':
      return [n % 2 === 1, true, false];
    case 'enum': {
      const choices = field.choices ?? [];
      const turn = [...choices.slice(n % choices.length), ...choices.slice(0, n % choices.length)];
      return field.multiple ? [[turn[0]], [...choices]] : turn;
    }
    case 'reference': {
      const id = field.reference ? refs(field.reference) : undefined;
      return [id ?? null, null];
    }
    case 'references': {
      const id = field.reference ? refs(field.reference) : undefined;
      return id === undefined ? [[]] : [[id], []];
    }
    case 'languages':
      return [[{ lang_id: 1, ...sampleOf(field.fields ?? {}, n, refs) }]];
    case 'list':
      return [[], [sampleOf(field.fields ?? {}, n, refs)]];
    case 'date':
      return [`2030-${pad(1 + (n % 12))}-${pad(1 + (n % 28))}`, '2030-01-01', '2000-01-01', null];
    case 'dateTime':
      return [
        `2031-${pad(1 + (n % 12))}-${pad(1 + (n % 28))}T09:30:00.000Z`,
        '2031-01-01T00:00:00.000Z',
        null,
      ];
    default:
      return [];
  }
}

/** A value of each editable field that its rule accepts (see above); `n` makes it unique. */
export function sampleOf(
  fields: Fields,
  n: number,
  refs: SampleRefs = () => undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const rule = field.input;
    if (!rule) continue;
    const value = candidates(name, field, n, refs).find((c) => rule.safeParse(c).success);
    if (value === undefined)
      throw new Error(
        `No sample of field ${name} (${field.kind}) meets its rule: declare the entity's sample`,
      );
    out[name] = value;
  }
  return out;
}
