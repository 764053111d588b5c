const MARKER = 'ROUTE_PARAM_MARKER';

/** Turns a core path builder such as `apiPaths.ico.details` into its Fastify route, `/…/:id`. */
export function paramRoute(build: (value: string) => string, param: string): string {
  return build(MARKER).replace(MARKER, `:${param}`);
}
