/**
 * What a favourite's route says of itself (routes/account.ts): the kind of item it favourites and the path
 * parameter naming it, so one handler serves every catalogue's (controllers/favorites.ts).
 */
export interface FavouriteRoute {
  kind: string;
  param: string;
}

interface FavouriteRouteConfig {
  favourite: FavouriteRoute;
}

/** The route config of the favourites of `kind` at `path` (`listings/:reference`: its last segment the parameter). */
export function favouriteRoute(kind: string, path: string): FavouriteRouteConfig {
  return { favourite: { kind, param: path.slice(path.lastIndexOf(':') + 1) } };
}

/** What the matched route (`ctx.state.route`) favourites. */
export const favouriteRouteOf = (route: unknown): FavouriteRoute => (route as { config: FavouriteRouteConfig }).config.favourite;
