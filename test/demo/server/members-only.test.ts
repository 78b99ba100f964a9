/**
 * A members-only pop-up (issue 20 item 9): the display call gets it only when the page's member
 * cookie holds a valid member access token of the reference identity service.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureRecord, harnessPerSuite, postJson } from './helpers.ts';
import { IDENTITY_SERVICE } from '../../../demo/server/identity/constants.ts';
import { identityClient, signedIn } from './identity-helpers.ts';

const MEMBERS_CLIENT = 'demo-members';
const OFFER = fixtureRecord('membersoffer1', { client_id: MEMBERS_CLIENT, members_only: true });
const OPEN = fixtureRecord('membersopen01', { client_id: MEMBERS_CLIENT });

describe('members-only pop-ups', () => {
  const harness = harnessPerSuite([OFFER, OPEN]);
  const shown = async (cookies: Record<string, string>) => {
    const answer = await postJson(harness.base, `/api/display/${MEMBERS_CLIENT}`, { domain: '127.0.0.1', url: `${harness.base}/members/`, cookies });
    assert.equal(answer.status, 200, answer.text);
    return (answer.json.poptins as Array<{ poptin_id: string }>).map((poptin) => poptin.poptin_id).sort();
  };

  it('leaves the members-only pop-up out for a visitor, and out for a token that is not a valid member token', async () => {
    assert.deepEqual(await shown({}), [OPEN.poptin_id]);
    assert.deepEqual(await shown({ [IDENTITY_SERVICE.MEMBER_COOKIE]: 'not-a-token' }), [OPEN.poptin_id]);
  });

  it("gives it to a signed-in member's display call", async () => {
    const { tokens } = await signedIn(identityClient(harness.base), harness.base, 'offer@example.com');
    assert.deepEqual(await shown({ [IDENTITY_SERVICE.MEMBER_COOKIE]: tokens.accessToken.value }), [OPEN.poptin_id, OFFER.poptin_id].sort());
  });
});
