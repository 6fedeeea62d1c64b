/** The alerts' settings (config/alerts.ts) as the matcher and the sender read them, each time: tests and operators change them live. */
import type { Core } from '@strapi/strapi';
import type { DigestSchedule } from '../lib/alert-schedule';

export interface AlertSettings {
  enabled: boolean;
  secret: string;
  schedule: DigestSchedule;
  pollMs: number;
  maxAttempts: number;
  backoffMs: number;
  maxBackoffMs: number;
  timeoutMs: number;
  /** Settled alerts are deleted this many days after (0: kept). */
  purgeDays: number;
  /** Where the unsubscribe links point: this service's public URL. */
  publicUrl: string;
  /** The website (CLIENT_URL), for the links to the listing; empty when unknown. */
  clientUrl: string;
}

export function alertSettings(strapi: Core.Strapi): AlertSettings {
  const get = <T>(key: string) => strapi.config.get(`alerts.${key}`) as T;
  const secret = String(get<string>('unsubscribeSecret') ?? '');
  return {
    enabled: secret !== '',
    secret,
    schedule: { hour: get<number>('digestHour'), weekday: get<number>('digestWeekday'), timeZone: get<string>('timeZone') },
    pollMs: get<number>('pollMs'),
    maxAttempts: get<number>('maxAttempts'),
    backoffMs: get<number>('backoffMs'),
    maxBackoffMs: get<number>('maxBackoffMs'),
    timeoutMs: get<number>('timeoutMs'),
    purgeDays: get<number>('purgeDays'),
    publicUrl: String(strapi.config.get('server.url', '') || 'http://localhost:1337').replace(/\/$/, ''),
    clientUrl: String(strapi.config.get('accounts.clientUrl', '') ?? '').replace(/\/$/, ''),
  };
}
