import { lookAlikeSkeleton } from '../validation/look-alike-skeleton.js';

/** A nickname's look-alike skeleton (validation/look-alike-skeleton.ts): what bans and reserved names match on. */
export const nicknameSkeleton = lookAlikeSkeleton;

/** Nicknames nobody may post as, nor as a look-alike of (the station's hosts, "admin", "moderator"). */
export class ReservedNicknames {
  private readonly skeletons: Set<string>;

  constructor(names: Iterable<string>) {
    this.skeletons = new Set([...names].map(nicknameSkeleton).filter((skeleton) => skeleton !== ''));
  }

  has(nickname: string): boolean {
    return this.skeletons.has(nicknameSkeleton(nickname));
  }
}
