/**
 * `kite-elements/identity`: the identity SDK client (spec 001 sections 3 to 9, identity parts):
 * its enumerations and answer types, its errors, PKCE, and the calls of the identity service.
 * It uses no DOM but `fetch`, Web Crypto and, for the silent flow only, a hidden frame.
 */
export * from './enums.ts';
export type * from './types.ts';
export { IdentityError, REQUEST_ID_HEADER, constantCase, errorOf, type ErrorBody, type FieldViolation } from './errors.ts';
export { PKCE_METHOD, assertVerifier, challengeOf, createPkce, createVerifier } from './pkce.ts';
export { IDENTITY, AUTH_ERROR_CODE, IDENTITY_MESSAGE, type AuthErrorCode } from '../constants/identity.ts';
export { createIdentityClient, withParams, fetchArgs, tokensOf, accessTokenOf } from './client.ts';
export type { IdentityClient, IdentityClientOptions, ParamsRequest, Credentials, AuthorizeOptions } from './client.ts';
export { CONSISTENCY_HEADER, createApiClient, canElevate, elevate, setContext, getContext, contextFetch, contextGraphql } from './api-client.ts';
export type { ApiClient, ApiClientOptions, GraphqlAnswer, SdkContext } from './api-client.ts';
export { silentSignIn, isFlowAnswer, postFields, type SilentSignInOptions } from './silent.ts';
export { resolveServicePlugin } from './service-plugins.ts';
