export default {
  routes: [{ method: 'GET', path: '/v1/luxury', handler: 'luxury.page', config: { auth: false } }],
};
