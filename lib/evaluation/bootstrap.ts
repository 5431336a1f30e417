// Pure: task-macro means and their percentile bootstrap intervals over families (the inferential unit).
// Seeded, so a report recomputed from the same rows prints the same interval.

export type TInterval = { estimate: number; low: number; high: number };

export const BOOTSTRAP_REPLICATES = 2000;
export const BOOTSTRAP_SEED = 20260729;

/** mulberry32: small, fast and good enough to resample a handful of families. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const mean = (values: readonly number[]) => (values.length === 0 ? Number.NaN : values.reduce((s, v) => s + v, 0) / values.length);

/**
 * The macro mean of per-family values with a 95% percentile interval from resampling
 * families with replacement. With fewer than two families the interval is the point.
 */
export function macroWithInterval(perFamily: readonly number[], replicates = BOOTSTRAP_REPLICATES, seed = BOOTSTRAP_SEED): TInterval {
  const estimate = mean(perFamily);
  if (perFamily.length < 2) return { estimate, low: estimate, high: estimate };
  const random = seededRandom(seed);
  const n = perFamily.length;
  const draws = new Float64Array(replicates);
  for (let b = 0; b < replicates; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += perFamily[Math.floor(random() * n)]!;
    draws[b] = sum / n;
  }
  draws.sort();
  return { estimate, low: quantile(draws, 0.025), high: quantile(draws, 0.975) };
}

/** Linear interpolation between order statistics (type 7, as R and NumPy default). */
export function quantile(sorted: Float64Array | readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
