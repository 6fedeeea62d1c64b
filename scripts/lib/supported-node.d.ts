export const ENGINES: string;
export function satisfies(version: string, range?: string): boolean;
export type NodeDecision = { action: 'run' } | { action: 'fetch' } | { action: 'stop'; message: string };
export function nodeDecision(version: string, options?: { platform?: string; arch?: string; mayFetch?: boolean }): NodeDecision;
export function envWithNode(dir: string, env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function passThrough(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
export function exitAs(ended: { code: number | null; signal: NodeJS.Signals | null }): void;
export function runOnSupportedNode(script: string, main: () => unknown, options?: { installs?: boolean }): void;
export function requireSupportedNode(): void;
