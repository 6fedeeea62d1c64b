/**
 * `work` run while the app's database connection is destroyed, then the connection made again. The
 * app's background workers (lead deliveries, scheduled publications, buyers' alerts) are stopped
 * meanwhile and started again after: a query of theirs caught by the destroy waits out the pool's
 * acquire timeout (60 s), which a real outage (connections refused) never causes, and a later file
 * sharing this Strapi would find its worker stuck that long.
 */
import type { Core } from '@strapi/strapi';
import { appModule } from './app';

interface Worker {
  stop(): Promise<void>;
  start(strapi: Core.Strapi): void;
}

function workers(): Worker[] {
  const deliveries = appModule<{ stopDeliveryWorker(): Promise<void>; startDeliveryWorker(strapi: Core.Strapi): void }>('src/api/contact/deliveries/worker');
  const scheduler = appModule<{ stopPublicationScheduler(): Promise<void>; startPublicationScheduler(strapi: Core.Strapi): void }>('src/lib/publication-schedule/scheduler');
  const alerts = appModule<{ stopAlertSender(): Promise<void>; startAlertSender(strapi: Core.Strapi): void }>('src/api/account/alerts/sender');
  return [
    { stop: deliveries.stopDeliveryWorker, start: deliveries.startDeliveryWorker },
    { stop: scheduler.stopPublicationScheduler, start: scheduler.startPublicationScheduler },
    { stop: alerts.stopAlertSender, start: alerts.startAlertSender },
  ];
}

export async function whileDatabaseDown<T>(strapi: Core.Strapi, work: () => Promise<T>): Promise<T> {
  const stopped = workers();
  await Promise.all(stopped.map((worker) => worker.stop()));
  await strapi.db.connection.destroy();
  try {
    return await work();
  } finally {
    strapi.db.connection.initialize();
    for (const worker of stopped) worker.start(strapi);
  }
}
