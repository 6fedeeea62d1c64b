/**
 * The account routes' behaviour (src/api/account/auth): the auth controller and the user and jwt
 * services with the buyer's rules, and our cross-instance rate limiter in place of the plugin's.
 */
import { accountAuthController, type AuthControllerFactory } from '../../api/account/auth/controller';
import { accountRateLimit, limitAuthRoutes, RATE_LIMIT_MIDDLEWARE } from '../../api/account/auth/rate-limits';
import { accountUserService, sessionBoundJwtService, type ServiceFactory } from '../../api/account/auth/services';

interface AccountPlugin {
  controllers: { auth: AuthControllerFactory };
  services: { user: ServiceFactory; jwt: ServiceFactory };
  middlewares: Record<string, unknown>;
  routes: { 'content-api': { routes: Array<{ method: string; path: string }> } };
}

export function applyAccountRules(plugin: AccountPlugin): void {
  plugin.controllers.auth = accountAuthController(plugin.controllers.auth);
  plugin.services.user = accountUserService(plugin.services.user);
  plugin.services.jwt = sessionBoundJwtService(plugin.services.jwt);
  plugin.middlewares[RATE_LIMIT_MIDDLEWARE] = accountRateLimit;
  limitAuthRoutes(plugin.routes['content-api'].routes);
}
