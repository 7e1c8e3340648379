/** Recognising PostgreSQL errors, whether the driver's own or wrapped by Drizzle. */
const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/** A unique index refused the write (23505). */
export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
