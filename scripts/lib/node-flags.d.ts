export function nodeFlags(version?: string): string[];
export function nodeOptionsWithFlags(current?: string): string;
export function relaunchWithNodeFlags(script: string): void;
