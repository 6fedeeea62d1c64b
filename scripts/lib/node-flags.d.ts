export function nodeFlags(version?: string, accepted?: ReadonlySet<string>, cores?: number): string[];
export function nodeEnvironment(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function nodeOptionsWithFlags(current?: string): string;
export function relaunchWithNodeFlags(script: string): void;
