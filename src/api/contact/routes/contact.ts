export default {
  routes: [
    {
      method: 'POST',
      path: '/v1/contact-us',
      handler: 'contact.submit',
      config: { auth: false, middlewares: ['api::contact.rate-limit'] },
    },
    { method: 'GET', path: '/v1/contact-us-page', handler: 'contact.page', config: { auth: false } },
  ],
};
