export default {
  routes: [
    { method: 'GET', path: '/v1/health', handler: 'system.health', config: { auth: false } },
    { method: 'GET', path: '/v1/openapi.json', handler: 'system.openapi', config: { auth: false } },
  ],
};
