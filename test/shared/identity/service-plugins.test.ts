import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveServicePlugin } from '../../../shared/identity/service-plugins.ts';

describe('service plugins (spec 001 section 8)', () => {
  const shipping = { plugin: 'shipping-rates', implementation: () => 'flat' };

  it('resolves the one implementation of a plugin', () => {
    assert.equal(resolveServicePlugin('shipping-rates', [shipping, { plugin: 'taxes', implementation: () => 'none' }]), shipping.implementation);
  });

  it('raises the missing and the multiple implementations errors', () => {
    assert.throws(() => resolveServicePlugin('taxes', [shipping]), { message: 'No service plugin implementation found: taxes' });
    assert.throws(() => resolveServicePlugin('shipping-rates', [shipping, shipping]), { message: 'Multiple service plugin implementations found: shipping-rates' });
  });
});
