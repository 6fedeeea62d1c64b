/**
 * Personal data in the leads (UAE PDPL; decisions 63-65), one front door: the audit table, the admin
 * page's controller (its routes: the contact domain's `admin/routes.ts`) and permission, and the daily
 * retention run.
 */
export { AUDIT_MODEL, personalDataAudit, type AuditOutcome } from './audit';
export { personalDataController } from './admin-controller';
export { PERSONAL_DATA_ACTION, registerPersonalDataPermission } from './permission';
export { startRetention, stopRetention } from './retention';
