/**
 * Imported first by the app's entry (src/index.ts): tracing, when asked for, starts before any module
 * requires the modules it patches (http, pg). The service's name is the app's (OTEL_SERVICE_NAME over it).
 */
import { startTracing } from '../lib/tracing';

startTracing('luxury-backend');
