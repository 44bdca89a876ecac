import { AUDIT_CHANGED } from '@parley/contracts';
import { auditChanges, readAuditRequest } from './audit-log';

describe('auditChanges', () => {
  it('keeps only the changed fields, before and after', () => {
    expect(
      auditChanges(
        { responseStyle: 'professional', autoRespond: true, additionalFields: ['a'] },
        { responseStyle: 'friendly', autoRespond: true, additionalFields: ['a', 'b'] },
      ),
    ).toEqual({
      before: { responseStyle: 'professional', additionalFields: ['a'] },
      after: { responseStyle: 'friendly', additionalFields: ['a', 'b'] },
    });
  });

  it('says a secret changed, never its value', () => {
    const changes = auditChanges({ privateNotes: 'old secret', x: 1 }, { privateNotes: 'new secret', x: 1 }, [
      'privateNotes',
    ]);
    expect(changes).toEqual({
      before: { privateNotes: AUDIT_CHANGED },
      after: { privateNotes: AUDIT_CHANGED },
    });
    expect(JSON.stringify(changes)).not.toContain('secret');
  });

  it('is undefined when nothing changed (null and undefined alike)', () => {
    expect(auditChanges({ a: null as string | null, b: 2 }, { a: undefined, b: 2 })).toBeUndefined();
  });
});

describe('readAuditRequest', () => {
  it('takes a limit and a cursor position', () => {
    const after = { at: '2026-12-07T10:00:00.123456Z', id: '6f1c1c1e-0d6c-4a8e-9d7e-6c8e2f1a0b3c' };
    expect(readAuditRequest({ limit: 11, after })).toEqual({ limit: 11, after });
  });

  it('refuses a bad limit or cursor, naming it', () => {
    expect(() => readAuditRequest({ limit: 0 })).toThrow(/Limit/);
    expect(() => readAuditRequest({ limit: 5, after: { at: 'x', id: 'y' } })).toThrow(/Cursor/);
  });
});
