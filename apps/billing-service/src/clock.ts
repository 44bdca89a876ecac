/** The time billing decides periods by; tests provide their own to move through a period's end. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
