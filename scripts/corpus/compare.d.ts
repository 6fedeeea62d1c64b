export interface RecordedRequest {
  n: number;
  method: string;
  url: string;
  request_headers: Record<string, string>;
  request_body?: unknown;
  /** 0 when no answer came (`error` says why). */
  status: number;
  error?: string;
  headers?: Record<string, string>;
  body_sha256?: string;
  body_bytes?: number;
}
export interface Recording {
  requests: RecordedRequest[];
  bodies: Record<string, { text?: string; base64?: string }>;
}
export function compare(a: Recording, b: Recording): { requests: number; differences: Array<{ n: number; url: string; lines: string[] }> };
