// A piece of work the server repeats (the payout expiry, the reminders): every `intervalMs` until stopped, one run
// at a time per instance; failures are reported and the next run tries again. Several instances may run the same
// job: each job's work is safe with that (conditional updates, SKIP LOCKED claims).
export class IntervalJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
  ) {}

  run(): Promise<unknown> {
    this.running ??= this.work()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.run(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
