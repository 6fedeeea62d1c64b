/** The extsource plugin, server side: provider drivers, listings sync, project collection, routes. */
import bootstrap from './bootstrap';
import config from './config';
import contentTypes from './content-types';
import controllers from './controllers';
import destroy from './destroy';
import routes from './routes';
import services from './services';

export default {
  bootstrap,
  config,
  contentTypes,
  controllers,
  destroy,
  routes,
  services,
};
