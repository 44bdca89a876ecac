/**
 * The time a service decides by where tests must move it (billing's periods, email sequences' delays):
 * the service's module takes one, the tests provide their own.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
