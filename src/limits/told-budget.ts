import { Budget, type RateLimitDecision } from './rate-limit.js';
import type { WindowCount } from './window-counter.js';

/**
 * A budget as a door hands it to a store step that counts it (`budgetInHandler`): the same budget
 * (counter, limit, refusals), and each verdict the store reaches for it is also told to the door
 * as it arrives. That includes a verdict arriving after the step was given up (its reply came after
 * the command timeout, and the client was answered 503): the door then learns that the store did
 * count the request, and gives back what it spent for it meanwhile, so the request costs one.
 */
export class ToldBudget extends Budget {
  constructor(
    private readonly inner: Budget,
    private readonly tell: (decision: RateLimitDecision) => void,
  ) {
    super(inner, inner.counter);
  }

  override decideFor(key: string, count: WindowCount): RateLimitDecision {
    const decision = this.inner.decideFor(key, count);
    this.tell(decision);
    return decision;
  }

  // Step by step the door's own caller spends it and tells the door itself: only the store's verdicts are relayed.
  override spendNow(key: string): RateLimitDecision | undefined {
    return this.inner.spendNow(key);
  }

  override spend(key: string): Promise<RateLimitDecision> {
    return this.inner.spend(key);
  }

  override refusedNow(key: string): RateLimitDecision | undefined {
    return this.inner.refusedNow(key);
  }

  override giveBack(key: string): Promise<void> {
    return this.inner.giveBack(key);
  }
}
