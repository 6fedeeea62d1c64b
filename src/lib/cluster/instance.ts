/** This process among the instances sharing one database: owner of its leases and sync runs, origin of its messages. */
import { randomBytes } from 'crypto';
import { hostname } from 'os';

export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
