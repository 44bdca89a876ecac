/**
 * At most this share of the time goes to one owner's background folds: after a fold that took d ms, their next
 * waits (1 / share − 1) × d more.
 */
export const FOLD_TIME_SHARE = 0.1;

/** Owners remembered; a replica forgets them all past this (each is then folded at its next pass). */
const MAX_OWNERS = 10_000;

/**
 * When each owner's next background fold may run. A fold recomputes about nine days of the owner's messages
 * whatever changed, so an owner writing all the time (a campaign's replies, a busy page) was folded every pass,
 * each fold longer as their day grew: at 100 messages/s a fold took over a second every 5 s, PostgreSQL's largest
 * use of CPU on the delivery bench (docs/performance.md). Spacing an owner's folds by their own cost keeps that
 * at FOLD_TIME_SHARE of one connection per busy owner, and a quiet owner is folded at every pass as before. A
 * report still folds its owner first, so no answer misses anything; it only finds more marks to fold.
 */
export class FoldPacer {
  private readonly notBefore = new Map<string, number>();

  constructor(
    private readonly share = FOLD_TIME_SHARE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the owner's fold may run now. */
  due(ownerId: string): boolean {
    return (this.notBefore.get(ownerId) ?? 0) <= this.now();
  }

  /** The owner's fold ended after `tookMs`. */
  folded(ownerId: string, tookMs: number): void {
    if (this.notBefore.size >= MAX_OWNERS) this.notBefore.clear();
    this.notBefore.set(ownerId, this.now() + tookMs * (1 / this.share - 1));
  }
}
