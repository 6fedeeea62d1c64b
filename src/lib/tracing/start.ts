/**
 * Imported first by the app's entry (src/index.ts): tracing, when asked for, starts before any module
 * requires the modules it patches (http, pg).
 */
import { startTracing } from './index';

startTracing();
