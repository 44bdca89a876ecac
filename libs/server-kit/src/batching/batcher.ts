interface Call<T, R> {
  input: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs calls in batches, at most one batch at a time: the calls made while a batch runs go together into
 * the next one. When quiet every batch is a single call and waits for nothing; under load many statements
 * become one, which holds a pooled database connection once instead of once per call.
 */
export class Batcher<T, R> {
  private queued: Call<T, R>[] = [];
  private running = false;

  constructor(
    private readonly run: (inputs: T[]) => Promise<R[]>,
    private readonly maxSize = 100,
  ) {}

  call(input: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queued.push({ input, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    while (this.queued.length > 0) {
      const batch = this.queued.splice(0, this.maxSize);
      try {
        const results = await this.run(batch.map((c) => c.input));
        batch.forEach((c, i) => c.resolve(results[i]));
      } catch (error) {
        for (const c of batch) c.reject(error);
      }
    }
    this.running = false;
  }
}
