import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  AUTH_STATE_TYPE,
  FACTOR_TYPE,
  IDENTITY_STATUS,
  MEMBERS_ACCOUNT_SECTION,
  PROMPT,
  REDIRECT_CALLBACK_TYPE,
  SUBJECT_TYPE,
  TOKEN_ROLE,
  isValueOf,
} from '../../../shared/identity/enums.ts';
import { AUTH_ERROR_CODE } from '../../../shared/constants/identity.ts';

describe('identity enumerations (spec 001 section 3), value for value', () => {
  it('holds exactly the spec values', () => {
    assert.deepEqual(Object.values(SUBJECT_TYPE), ['UNKNOWN', 'USER', 'VISITOR', 'MEMBER', 'APP']);
    assert.deepEqual(Object.values(REDIRECT_CALLBACK_TYPE), ['LOGOUT', 'CHECKOUT', 'AUTHORIZE']);
    assert.deepEqual(Object.values(PROMPT), ['login', 'none']);
    assert.deepEqual(Object.values(MEMBERS_ACCOUNT_SECTION), ['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS']);
    assert.deepEqual(Object.values(AUTH_STATE_TYPE), ['SUCCESS', 'REQUIRE_OWNER_APPROVAL', 'REQUIRE_EMAIL_VERIFICATION', 'STATUS_CHECK']);
    assert.deepEqual(Object.values(IDENTITY_STATUS), ['PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE']);
    assert.deepEqual(Object.values(FACTOR_TYPE), ['PASSWORD', 'SMS', 'CALL', 'EMAIL', 'TOTP', 'PUSH', 'WEBAUTHN', 'RECOVERY_CODE']);
    assert.deepEqual(Object.values(TOKEN_ROLE), ['none', 'visitor', 'member']);
    assert.equal(PROMPT.NONE, 'none');
    assert.ok(Object.isFrozen(SUBJECT_TYPE));
  });

  it('has the auth codes as the source has them', () => {
    assert.deepEqual(AUTH_ERROR_CODE, { MISSING_CAPTCHA: '-19971', INVALID_CAPTCHA: '-19970', EMAIL_EXISTS: '-19995', INVALID_PASSWORD: '-19976', RESET_PASSWORD: '-19973' });
  });

  it('tells a value of an enumeration from anything else', () => {
    assert.equal(isValueOf(FACTOR_TYPE, 'EMAIL'), true);
    assert.equal(isValueOf(FACTOR_TYPE, 'email'), false);
    assert.equal(isValueOf(FACTOR_TYPE, 42), false);
  });
});
