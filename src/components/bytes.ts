/** 1 234 567 → "1.2 MB": unit symbols, the same in every language. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round((n / 1024) * 10) / 10} KB`;
  return `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
}
