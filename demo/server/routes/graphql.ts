/**
 * The site builder's GraphQL endpoint on the reference server (spec 001 section 7: a POST to
 * `/graphql/{apiVersion}` with a JSON body of query and variables), executed by the `graphql`
 * reference implementation against a schema built with `buildSchema`. Every call needs a bearer
 * token from the identity service (a member's or an app's); `me` needs a member. Answers carry the
 * consistency header (the members table's latest change), and echo the one the caller sent in
 * `extensions.consistency.seen`, so a client can show it sends back what it last saw.
 */
import { buildSchema, graphql, GraphQLError } from 'graphql';
import { IDENTITY } from '../../../shared/constants/identity.ts';
import { GRAPHQL_SERVICE, SERVICE_ERROR_CODE } from '../identity/constants.ts';
import type { IdentityService } from '../identity/service.ts';
import type { AccessClaims } from '../identity/crypto.ts';
import type { MemberRow } from '../identity/store.ts';
import { applicationError, bearerOf, identityRoute, readFields } from '../identity/wire.ts';
import { HttpError } from '../http.ts';
import { optional, record, string, unknown } from '../../../shared/schema/validate.ts';
import { REQUEST_ID_HEADER } from '../../../shared/identity/errors.ts';
import { CONSISTENCY_HEADER } from '../../../shared/identity/api-client.ts';
import type { Route } from '../router.ts';

const schema = buildSchema(`
  type Profile { firstName: String, lastName: String, nickname: String }
  type Member { id: ID!, email: String!, status: String!, emailVerified: Boolean!, createdDate: String!, updatedDate: String!, profile: Profile! }
  type MemberPage { items: [Member!]!, limit: Int!, offset: Int! }
  type Query {
    "The signed-in member (a member token only)."
    me: Member
    "The site's members, oldest first."
    members(limit: Int = ${IDENTITY.PAGE_LIMIT_DEFAULT}, offset: Int = 0): MemberPage!
  }
`);

const BODY = { query: string({ min: 1, max: GRAPHQL_SERVICE.QUERY_MAX_CHARS }), variables: optional(record(unknown(), { maxKeys: 50 })), operationName: optional(string({ max: 256 })) };

interface Caller {
  claims: AccessClaims;
}

export function graphqlRoutes(service: IdentityService): Route[] {
  const { store } = service;
  const memberOf = (row: MemberRow) => ({ ...service.identityOf(row), profile: service.identityOf(row).identityProfile });
  const root = {
    me: async (_args: unknown, { claims }: Caller) => {
      if (claims.subjectType !== 'MEMBER') throw new GraphQLError('me needs a member token');
      const row = await store.memberById(claims.sub);
      return row ? memberOf(row) : null;
    },
    members: async ({ limit, offset }: { limit: number; offset: number }) => {
      if (limit < 1 || offset < 0) throw new GraphQLError('limit must be at least 1 and offset at least 0');
      const bounded = Math.min(limit, GRAPHQL_SERVICE.PAGE_LIMIT_MAX);
      return { items: (await store.members(bounded, offset)).map(memberOf), limit: bounded, offset };
    },
  };

  return [
    identityRoute(
      'POST',
      '/graphql/:apiVersion',
      async ({ req, params }) => {
        if (!(GRAPHQL_SERVICE.VERSIONS as readonly string[]).includes(params.apiVersion!)) throw new HttpError(404, `unknown API version ${params.apiVersion}`);
        const claims = service.verifyAccess(bearerOf(req) ?? '');
        if (!claims) throw applicationError(401, SERVICE_ERROR_CODE.INVALID_TOKEN, 'a bearer token from the identity service is required');
        const { query, variables, operationName } = await readFields(req, BODY);
        const result = await graphql({ schema, source: query, rootValue: root, contextValue: { claims } satisfies Caller, variableValues: variables, operationName });
        const seen = req.headers[CONSISTENCY_HEADER];
        // No data at all: the document did not parse or validate (GraphQL over HTTP: 400).
        const status = result.data === undefined ? 400 : 200;
        return {
          status,
          body: { ...result, extensions: { consistency: { seen: typeof seen === 'string' ? seen : null } } },
          headers: { [CONSISTENCY_HEADER]: await store.consistency(), 'Access-Control-Expose-Headers': `${CONSISTENCY_HEADER}, ${REQUEST_ID_HEADER}` },
        };
      },
      // At the API host's root, not under the identity prefix; reads, so not rate limited.
      { rateLimited: false, prefix: '' },
    ),
  ];
}
