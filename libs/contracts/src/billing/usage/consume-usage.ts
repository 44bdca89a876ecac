/** billing.usage.consume. */
export interface ConsumeUsageData {
  /** The same key never counts twice (a retried reply job). */
  key: string;
}
