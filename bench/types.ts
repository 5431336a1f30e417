export type BenchRow = {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  ratio?: number;
};

export function printRows(title: string, rows: BenchRow[]): void {
  console.log(`\n## ${title}`);
  const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toPrecision(3));
  for (const row of rows) {
    const base = row.baseline ? `   vs ${row.baseline.name}: ${fmt(row.baseline.value)} ${row.unit}` : "";
    const ratio = row.ratio !== undefined ? `   ratio ${fmt(row.ratio)}×` : "";
    console.log(`- ${row.name}: ${fmt(row.value)} ${row.unit}${base}${ratio}`);
  }
}
