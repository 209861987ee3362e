// Tool profiles (`--tools`): which tools a server lists. `default` stays small; writes and admin tools are opt-in.
import { BatonError } from '../core/errors.js';

export const PROFILES = ['default', 'full', 'messaging', 'notes', 'cards'] as const;
export type Profile = (typeof PROFILES)[number];

/** A tool belongs to the profiles it names, and always to `full`. */
export function inProfile(toolProfiles: readonly Profile[], profile: Profile): boolean {
  return profile === 'full' || toolProfiles.includes(profile);
}

export function parseProfile(value: string | undefined): Profile {
  if (value === undefined) return 'default';
  if ((PROFILES as readonly string[]).includes(value)) return value as Profile;
  throw new BatonError(
    'invalid_input',
    `unknown tool profile ${JSON.stringify(value)} — use one of ${PROFILES.join(', ')}`,
  );
}
