export interface PacedRequest { method?: string; path: string; headers?: Record<string, string>; body?: string }
export interface PacedStream { origin: string; rate: number; connections: number; next: (index: number) => PacedRequest }
/** `failure`, on a failed answer only: its status, or the request's error. */
export interface PacedAnswer { sentAt: number; latencyMs: number; ok: boolean; failure?: string }
export function pacedLoad(streams: Record<string, PacedStream>): { answers(name: string): PacedAnswer[]; stop(): Promise<void> };
