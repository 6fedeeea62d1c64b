/** The fields of vitest's JSON report that the totals read. */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string }[] }[];
}
export function countReport(report: VitestReport): { passed: number; failed: number; skipped: number; failedFiles: string[] };
export function createRunner(summaryLabel: string): {
  root: string;
  bin(name: string): string;
  run(label: string, command: string, args: string[], env?: NodeJS.ProcessEnv): number;
  step(label: string, command: string, args: string[], env?: NodeJS.ProcessEnv): void;
  tests(label: string, args: string[], env?: NodeJS.ProcessEnv): void;
  skipped(lines: string[]): void;
  summary(): void;
};
