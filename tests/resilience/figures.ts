/**
 * The figures each resilience suite reports: printed as it finishes, and kept in
 * .tmp/resilience/figures.json (by suite and database) for scripts/resilience.js to print together.
 */
import fs from 'fs';
import path from 'path';

const FILE = path.resolve(__dirname, '..', '..', '.tmp', 'resilience', 'figures.json');

export const databaseLabel = () => (process.env.TEST_DB_CLIENT === 'postgres' ? 'PostgreSQL' : 'SQLite');

export function recordFigures(suite: string, figures: Record<string, unknown>): void {
  const key = `${suite} (${databaseLabel()})`;
  console.log(`[resilience] ${key}: ${JSON.stringify(figures)}`);
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  const all = fs.existsSync(FILE) ? (JSON.parse(fs.readFileSync(FILE, 'utf8')) as Record<string, unknown>) : {};
  all[key] = { ...figures, recorded_at: new Date().toISOString() };
  fs.writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
