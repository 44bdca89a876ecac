/** The part of a WebSocket this needs (`readyState` 1 is OPEN, as in `ws` and browsers). */
export interface OwnerSocket {
  readonly readyState: number;
  send(frame: string): void;
}

const OPEN = 1;

/**
 * Which open sockets belong to which owner, so that an event goes only to its owner's sockets. Delivery
 * is one map lookup and one JSON.stringify per event, and only when the owner has a socket here.
 */
export class OwnerSockets<S extends OwnerSocket> {
  private readonly owners = new Map<string, Set<S>>();

  add(ownerId: string, socket: S): void {
    let set = this.owners.get(ownerId);
    if (!set) this.owners.set(ownerId, (set = new Set()));
    set.add(socket);
  }

  /** A socket closed. Harmless for one that is not (or no longer) here. */
  remove(ownerId: string, socket: S): void {
    const set = this.owners.get(ownerId);
    if (set?.delete(socket) && set.size === 0) this.owners.delete(ownerId);
  }

  /** Sends `event` as JSON to every open socket of the owner; nothing when the owner has none here. */
  send(ownerId: string, event: unknown): void {
    const set = this.owners.get(ownerId);
    if (!set) return;
    const frame = JSON.stringify(event);
    for (const socket of set) if (socket.readyState === OPEN) socket.send(frame);
  }

  /** How many sockets the owner has here. */
  count(ownerId: string): number {
    return this.owners.get(ownerId)?.size ?? 0;
  }

  /** How many sockets there are here, of every owner (tests and metrics: counted when asked). */
  size(): number {
    let total = 0;
    for (const set of this.owners.values()) total += set.size;
    return total;
  }
}
