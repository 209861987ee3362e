// Tool profiles (`--tools`): which tools a server lists. `default` stays small; writes and admin tools are opt-in.
// A profile that would list nothing is not offered.
import { BatonError } from '../core/errors.js';

export const PROFILES = ['default', 'full', 'messaging', 'cards', 'notes'] as const;
export type Profile = (typeof PROFILES)[number];

/** A tool belongs to the profiles it names, and always to `full`. */
export function inProfile(toolProfiles: readonly Profile[], profile: Profile): boolean {
  return profile === 'full' || toolProfiles.includes(profile);
}

export function isProfile(value: string): value is Profile {
  return (PROFILES as readonly string[]).includes(value);
}

/** Why `value` is not a profile: the sentence a front end shows (the CLI as a usage error). */
export function unknownProfile(value: string): string {
  return `unknown tool profile ${JSON.stringify(value)} — use one of ${PROFILES.join(', ')}`;
}

/** `--tools` as a profile (default `default`); an unknown name throws `invalid_input` naming the profiles. */
export function parseProfile(value: string | undefined): Profile {
  if (value === undefined) return 'default';
  if (isProfile(value)) return value;
  throw new BatonError('invalid_input', unknownProfile(value));
}
