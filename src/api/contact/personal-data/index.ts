/**
 * Personal data in the leads (UAE PDPL; decisions 63-65), one front door: the audit table, the admin
 * routes and permission, and the daily retention run.
 */
export { AUDIT_MODEL, personalDataAudit, type AuditOutcome } from './audit';
export { PERSONAL_DATA_ACTION, registerPersonalDataPermission, registerPersonalDataRoutes } from './admin-routes';
export { startRetention, stopRetention } from './retention';
