/** Seconds the agent waits before answering (the AI-config slider). */
export const RESPONSE_DELAY = { min: 0, max: 300, step: 15, default: 30 } as const;

export function isValidResponseDelay(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= RESPONSE_DELAY.min &&
    value <= RESPONSE_DELAY.max &&
    value % RESPONSE_DELAY.step === 0
  );
}
