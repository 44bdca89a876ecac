import { Injectable } from '@nestjs/common';
import { type Actor, TEAM_SUBJECTS } from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';

/** How long a member's name is reused before auth-service is asked again. */
const NAME_TTL_MS = 60_000;
const MAX_NAMES = 10_000;
/** A reply waits no longer than this for its author's name. */
const LOOKUP_MS = 1_000;

/**
 * The name a person's reply records beside their user id (docs/teams.md, "Who did what"): asked of
 * auth-service, which holds the accounts, and kept a minute so replying in a row costs no round trip. A
 * reply never fails for it: when auth-service does not answer, only the id is recorded (the web names the
 * member from the team's list).
 */
@Injectable()
export class AuthorNames {
  private readonly names = new Map<string, { name: string; until: number }>();

  constructor(private readonly services: ServiceClient) {}

  async authorOf(actor: Actor): Promise<{ id: string; name?: string }> {
    const known = this.names.get(actor.userId);
    if (known && known.until > Date.now()) return { id: actor.userId, name: known.name };
    let name: string;
    try {
      ({ name } = await this.services.send<{ name: string }>(TEAM_SUBJECTS.memberName, {}, { actor }, LOOKUP_MS));
    } catch {
      return { id: actor.userId };
    }
    if (this.names.size >= MAX_NAMES) this.names.delete(this.names.keys().next().value as string);
    this.names.set(actor.userId, { name, until: Date.now() + NAME_TTL_MS });
    return { id: actor.userId, name };
  }
}
