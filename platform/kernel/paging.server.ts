/** A list's page from its request's `pageNum` and `pageSize`: whole numbers, pages 1..10 000 of 1..50 rows. */
export function paging(params: Record<string, unknown>, defaultSize = 10): { pageNum: number; pageSize: number } {
  const pageNum = Math.max(1, Math.min(10_000, Math.trunc(Number(params.pageNum ?? 1)) || 1));
  const pageSize = Math.max(1, Math.min(50, Math.trunc(Number(params.pageSize ?? defaultSize)) || defaultSize));
  return { pageNum, pageSize };
}
