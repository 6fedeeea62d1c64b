export type SystemTool = 'promtool' | 'compiler';
export function findExecutable(name: string): string | undefined;
export function mayRun(tool: SystemTool): boolean;
export function skippedHere(): string[];
