import type { EventTarget } from '@parley/contracts';

/** The part of a WebSocket this needs (`readyState` 1 is OPEN, as in `ws` and browsers). */
export interface OwnerSocket {
  readonly readyState: number;
  send(frame: string): void;
}

const OPEN = 1;

/**
 * Which open sockets belong to which owner (workspace), and to which of its members, so that an event goes
 * only to its workspace's sockets, and when it names a member (`target`) only to theirs or to everyone else's.
 * Delivery is one map lookup and one JSON.stringify per event, and only when the workspace has a socket here.
 */
export class OwnerSockets<S extends OwnerSocket> {
  /** Per owner: each socket and the member (user id) it is signed in as. */
  private readonly owners = new Map<string, Map<S, string | undefined>>();

  add(ownerId: string, socket: S, userId?: string): void {
    let sockets = this.owners.get(ownerId);
    if (!sockets) this.owners.set(ownerId, (sockets = new Map()));
    sockets.set(socket, userId);
  }

  /** A socket closed. Harmless for one that is not (or no longer) here. */
  remove(ownerId: string, socket: S): void {
    const sockets = this.owners.get(ownerId);
    if (sockets?.delete(socket) && sockets.size === 0) this.owners.delete(ownerId);
  }

  /**
   * Sends `event` as JSON to every open socket of the owner; with `target.userId` only to that member's, with
   * `target.exceptUserId` to every member's but that one's. Nothing when the owner has no socket here.
   */
  send(ownerId: string, event: unknown, target: EventTarget = {}): void {
    const sockets = this.owners.get(ownerId);
    if (!sockets) return;
    const { userId, exceptUserId } = target;
    let frame: string | undefined;
    for (const [socket, member] of sockets) {
      if (socket.readyState !== OPEN) continue;
      if (userId !== undefined && member !== userId) continue;
      if (exceptUserId !== undefined && member === exceptUserId) continue;
      socket.send((frame ??= JSON.stringify(event)));
    }
  }

  /** How many sockets the owner has here. */
  count(ownerId: string): number {
    return this.owners.get(ownerId)?.size ?? 0;
  }

  /** How many sockets there are here, of every owner (tests and metrics: counted when asked). */
  size(): number {
    let total = 0;
    for (const sockets of this.owners.values()) total += sockets.size;
    return total;
  }
}
