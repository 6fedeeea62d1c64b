export interface PacedRequest { method?: string; path: string; headers?: Record<string, string>; body?: string }
export interface PacedStream { origin: string; rate: number; connections: number; next: (index: number) => PacedRequest }
export interface PacedAnswer { sentAt: number; latencyMs: number; ok: boolean }
export function pacedLoad(streams: Record<string, PacedStream>): { answers(name: string): PacedAnswer[]; stop(): Promise<void> };
