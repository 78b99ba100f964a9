import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_ERROR_CODE, IDENTITY_MESSAGE } from '../../../shared/constants/identity.ts';
import { constantCase, errorOf } from '../../../shared/identity/errors.ts';

describe('identity errors (spec 001 section 8)', () => {
  it('turns a validation error into INVALID_ARGUMENT with the fields sorted by field', () => {
    const error = errorOf(400, 'Bad Request', 'req-1', {
      details: {
        validationError: {
          fieldViolations: [
            { field: 'password', description: 'must not be empty' },
            { field: 'loginId.email', description: 'must be an email' },
          ],
        },
      },
    });
    assert.equal(error.code, 'INVALID_ARGUMENT');
    assert.equal(error.message, 'INVALID_ARGUMENT: loginId.email: must be an email, password: must not be empty');
    assert.deepEqual(error.data, {
      fieldViolations: [
        { field: 'loginId.email', description: 'must be an email' },
        { field: 'password', description: 'must not be empty' },
      ],
    });
    assert.equal(error.requestId, 'req-1');
  });

  it('gives an application error its description, code and data', () => {
    const error = errorOf(409, 'Conflict', 'req-2', {
      details: { applicationError: { code: AUTH_ERROR_CODE.EMAIL_EXISTS, description: 'email already exists', data: { loginId: 'a@b.co' } } },
    });
    assert.equal(error.message, 'email already exists');
    assert.equal(error.code, AUTH_ERROR_CODE.EMAIL_EXISTS);
    assert.deepEqual(error.data, { loginId: 'a@b.co' });
    assert.equal(error.status, 409);
  });

  it('names another 4xx by its status text in constant case', () => {
    assert.equal(errorOf(404, 'Not Found', 'req-3', undefined).message, 'NOT_FOUND');
    assert.equal(errorOf(429, 'Too Many Requests', 'req-3', { message: 'slow down' }).code, 'TOO_MANY_REQUESTS');
    assert.equal(constantCase("I'm a Teapot"), 'I_M_A_TEAPOT');
  });

  it('reads "System error occurred, request-id: ..." for every other answer', () => {
    const error = errorOf(500, 'Internal Server Error', 'req-4', { message: 'boom' });
    assert.equal(error.message, 'System error occurred, request-id: req-4');
    assert.equal(IDENTITY_MESSAGE.SYSTEM_ERROR_PREFIX, 'System error occurred, request-id: ');
    assert.equal(errorOf(302, 'Found', 'req-5', undefined).message, 'System error occurred, request-id: req-5');
  });
});
