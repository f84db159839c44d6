// Names for generated types. Everything is derived from `schema.d.ts` through `paths`, so
// the file can be regenerated (`npm run gen:api`) whatever the schemas end up being called.
import type { paths } from './schema';

type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;

export type User = JsonBody<paths['/api/v1/auth/user']['get']['responses'][200]>['data'];
export type Role = User['role'];
export type AuthSession = JsonBody<paths['/api/v1/auth/login']['post']['responses'][200]>['data'];
export type LoginRequest = NonNullable<
  paths['/api/v1/auth/login']['post']['requestBody']
>['content']['application/json'];
export type Meta = JsonBody<paths['/api/v1/meta']['get']['responses'][200]>['data'];
export type ErrorBody = JsonBody<paths['/api/v1/auth/login']['post']['responses'][401]>;
