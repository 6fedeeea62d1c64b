import type { ChildProcess } from 'child_process';

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Every output line so far (stdout and stderr). */
  lines: string[];
  exited: Promise<ExitStatus>;
  exitStatus(): ExitStatus | undefined;
  stop(): Promise<ExitStatus | undefined>;
}

export interface LoadBalancer {
  port: number;
  url: string;
  configPath: string;
  stop(): Promise<void>;
}

export const appDir: string;
/** Whether `strapi build` made the admin panel (dist/build): without it the instances serve the API only. */
export function adminPanelBuilt(): boolean;
export function freePort(): Promise<number>;
export function haproxyConfig(port: number, backends: Array<{ name: string; port: number }>): string;
export function startInstance(options: {
  name: string;
  port: number;
  env?: Record<string, string>;
  onLine?: (line: string) => void;
  timeoutMs?: number;
}): Promise<Instance>;
export function startHaproxy(options: {
  port: number;
  backends: Array<{ name: string; port: number }>;
  showOutput?: boolean;
  timeoutMs?: number;
}): Promise<LoadBalancer>;
