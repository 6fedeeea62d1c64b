'use strict';

// The server part is TypeScript compiled with the app into dist/ (see tsconfig.json); Strapi loads it from there.
module.exports = require('../../../dist/src/plugins/extsource/server/src').default;
