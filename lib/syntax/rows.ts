// Pure: a source text's rows by offset — where each row starts, and the row an offset stands on — for the
// counterfactuals and the negative miner, which edit parsed files row by row.

export interface TRows {
  /** The offset where each row starts (row 0 at 0). */
  starts: number[];
  /** The 0-based row that `offset` stands on (a binary search over `starts`). */
  rowOf(offset: number): number;
}

export function rowsOf(source: string): TRows {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === "\n") starts.push(i + 1);
  const rowOf = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return { starts, rowOf };
}
