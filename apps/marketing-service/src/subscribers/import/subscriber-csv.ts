import {
  DomainException,
  ErrorCode,
  SUBSCRIBER_IMPORT_LIMITS,
  SubscriberDto,
  type SubscriberImportRowError,
  validateDto,
} from '@parley/contracts';
import { CsvError, parse } from 'csv-parse/sync';

/** A subscriber as the file gives it, checked (SubscriberDto: trimmed, lower-cased address). */
export interface CsvSubscriber {
  email: string;
  firstName: string | null;
  lastName: string | null;
  tags: string[];
}

export interface SubscriberCsv {
  subscribers: CsvSubscriber[];
  /** Rows refused, in file order (all of them: the caller answers the first few). */
  errors: SubscriberImportRowError[];
  /** Rows whose address an earlier row had: folded into it. */
  merged: number;
}

type Column = keyof CsvSubscriber;

/** Header cells, lower-cased without spaces, dashes or underscores → the column they name. */
const HEADERS: Record<string, Column> = {
  email: 'email',
  emailaddress: 'email',
  firstname: 'firstName',
  lastname: 'lastName',
  tags: 'tags',
};

/** Tags in one cell: a comma, semicolon or bar between them. */
const TAG_SEPARATOR = /[,;|]/;

/**
 * Reads a CSV of subscribers (docs/email.md, "Importing subscribers"): UTF-8 with or without a byte order
 * mark, comma- or semicolon-separated (the header row decides), a header row naming at least `email`;
 * `first name`, `last name` and `tags` are optional, other columns ignored. Each row is checked as a
 * subscriber added by hand; a bad row is an error with its line number (the header is line 1) and the
 * rest go on. A row repeating an earlier row's address is merged into it: names it lacked, tags added.
 * A file with no email column, nothing past the header, more than SUBSCRIBER_IMPORT_LIMITS.maxRows rows, or
 * not readable as CSV is refused whole (400).
 */
export function readSubscriberCsv(bytes: Buffer): SubscriberCsv {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const records = parseRecords(text);
  const [header, ...rows] = records;
  const columns = (header?.record ?? []).map((cell) => HEADERS[cell.toLowerCase().replace(/[\s_-]/g, '')]);
  if (!columns.includes('email')) {
    throw refusal(
      'The file needs a header row with an "email" column (and optionally first name, last name, tags)',
    );
  }
  if (rows.length === 0) throw refusal('The file has no subscribers under its header row');
  if (rows.length > SUBSCRIBER_IMPORT_LIMITS.maxRows) {
    throw refusal(`The file has more than ${SUBSCRIBER_IMPORT_LIMITS.maxRows.toLocaleString('en')} rows`);
  }

  const byEmail = new Map<string, CsvSubscriber>();
  const errors: SubscriberImportRowError[] = [];
  let merged = 0;
  for (const { record, info } of rows) {
    const cells: Partial<Record<Column, string>> = {};
    columns.forEach((column, index) => {
      if (column && record[index] !== undefined && cells[column] === undefined) cells[column] = record[index];
    });
    const checked = validateDto(SubscriberDto, {
      email: cells.email ?? '',
      firstName: cells.firstName?.trim() || null,
      lastName: cells.lastName?.trim() || null,
      tags: (cells.tags ?? '')
        .split(TAG_SEPARATOR)
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    });
    if (!checked.ok) {
      errors.push({ row: info.lines, message: checked.message });
      continue;
    }
    const subscriber: CsvSubscriber = {
      email: checked.value.email,
      firstName: checked.value.firstName ?? null,
      lastName: checked.value.lastName ?? null,
      tags: [...new Set(checked.value.tags ?? [])],
    };
    const earlier = byEmail.get(subscriber.email);
    if (earlier) {
      merged += 1;
      earlier.firstName ??= subscriber.firstName;
      earlier.lastName ??= subscriber.lastName;
      earlier.tags = [...new Set([...earlier.tags, ...subscriber.tags])];
    } else {
      byEmail.set(subscriber.email, subscriber);
    }
  }
  return { subscribers: [...byEmail.values()], errors, merged };
}

interface CsvRecord {
  record: string[];
  /** `lines`: the line the record ends on, counted from 1. */
  info: { lines: number };
}

function parseRecords(text: string): CsvRecord[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = count(firstLine, ';') > count(firstLine, ',') ? ';' : ',';
  try {
    return parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // One past the most a file may hold (header + rows), so that a longer file is told apart.
      to: SUBSCRIBER_IMPORT_LIMITS.maxRows + 2,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (error instanceof CsvError) throw refusal(`The file is not valid CSV: ${(error as Error).message}`);
    throw error;
  }
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

function refusal(message: string): DomainException {
  return new DomainException(ErrorCode.ValidationFailed, message, { field: 'file' });
}
