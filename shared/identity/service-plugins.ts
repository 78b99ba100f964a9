/**
 * Service plugins (spec 001 section 8: "multiple or missing service plugin implementations"): an
 * app provides at most one implementation of each plugin it extends, and the SDK resolves exactly
 * one before calling it.
 */
import { IDENTITY_MESSAGE } from '../constants/identity.ts';
import { sdkError } from './errors.ts';

/** The one implementation registered for `plugin`, or the spec's error for none or several. */
export function resolveServicePlugin<T>(plugin: string, implementations: ReadonlyArray<{ plugin: string; implementation: T }>): T {
  const found = implementations.filter((entry) => entry.plugin === plugin);
  if (found.length === 0) throw sdkError(`${IDENTITY_MESSAGE.SERVICE_PLUGIN_MISSING}: ${plugin}`, 'SERVICE_PLUGIN_MISSING');
  if (found.length > 1) throw sdkError(`${IDENTITY_MESSAGE.SERVICE_PLUGIN_MULTIPLE}: ${plugin}`, 'SERVICE_PLUGIN_MULTIPLE');
  return found[0]!.implementation;
}
