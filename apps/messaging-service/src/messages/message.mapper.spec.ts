import {
  MESSAGE_COLUMNS,
  type MessageColumns,
  messageFromColumns,
  messagePosition,
  type MessageRow,
} from './message.mapper';

/** The row as sqlTuples gives it when MESSAGE_COLUMNS are selected. */
const tuple = (row: MessageRow) => MESSAGE_COLUMNS.map((column) => row[column]) as unknown as MessageColumns;

// A distinct value in every column shows that MESSAGE_COLUMNS and the mapper agree on each column's
// position.
describe('message mappers', () => {
  it('answers every column from its own position', () => {
    expect(
      messageFromColumns(
        tuple({
          id: '6f1c1f7e-0000-4000-8000-000000000001',
          customer_id: '6f1c1f7e-0000-4000-8000-000000000002',
          customer_name: 'María García',
          platform: 'whatsapp',
          content: 'Do you ship to Seville?',
          direction: 'incoming',
          status: 'responded',
          ai_generated: false,
          timestamp: '2026-11-24 15:48:48.1+00',
          response_time: 12,
          needs_human: true,
          failure_reason: 'The customer wrote more than 7 days ago.',
          metadata: { attachments: [{ type: 'image', url: 'https://cdn.example/a.jpg' }] },
          is_test: true,
        }),
      ),
    ).toEqual({
      id: '6f1c1f7e-0000-4000-8000-000000000001',
      customerId: '6f1c1f7e-0000-4000-8000-000000000002',
      customerName: 'María García',
      platform: 'whatsapp',
      content: 'Do you ship to Seville?',
      direction: 'incoming',
      status: 'responded',
      aiGenerated: false,
      timestamp: '2026-11-24T15:48:48.100Z',
      responseTime: 12,
      needsHuman: true,
      failureReason: 'The customer wrote more than 7 days ago.',
      attachments: [{ type: 'image', url: 'https://cdn.example/a.jpg' }],
      isTest: true,
    });
  });

  it("answers no attachments for a message without metadata or with an AI reply's analysis", () => {
    const row = {
      id: '6f1c1f7e-0000-4000-8000-000000000001',
      customer_id: '6f1c1f7e-0000-4000-8000-000000000002',
      customer_name: 'María García',
      platform: 'whatsapp',
      content: 'Hola',
      direction: 'incoming',
      status: 'pending',
      ai_generated: false,
      timestamp: '2026-11-24 15:48:48.1+00',
      response_time: null,
      needs_human: false,
      failure_reason: null,
      is_test: false,
    };
    expect(messageFromColumns(tuple({ ...row, metadata: null })).attachments).toEqual([]);
    expect(
      messageFromColumns(tuple({ ...row, metadata: { language: 'es' } as MessageRow['metadata'] }))
        .attachments,
    ).toEqual([]);
  });

  it('marks the away message, which is neither a person’s reply nor the AI’s, and nothing else', () => {
    const row: MessageRow = {
      id: '6f1c1f7e-0000-4000-8000-000000000001',
      customer_id: '6f1c1f7e-0000-4000-8000-000000000002',
      customer_name: 'María García',
      platform: 'whatsapp',
      content: 'We are away until Monday.',
      direction: 'outgoing',
      status: 'sent',
      ai_generated: false,
      timestamp: '2026-11-24 15:48:48.1+00',
      response_time: null,
      needs_human: false,
      failure_reason: null,
      metadata: { awayMessage: true },
      is_test: false,
    };
    expect(messageFromColumns(tuple(row)).awayMessage).toBe(true);
    expect(messageFromColumns(tuple({ ...row, metadata: null }))).not.toHaveProperty('awayMessage');
    expect(
      messageFromColumns(tuple({ ...row, metadata: { author: { id: 'u', name: 'Sara' } } })),
    ).not.toHaveProperty('awayMessage');
  });

  it("reads a row's list position by column name: its timestamp as PostgreSQL sent it, and its id", () => {
    const row = MESSAGE_COLUMNS.map((column) => `value of ${column}`) as unknown as MessageColumns;
    expect(messagePosition(row)).toEqual({ at: 'value of timestamp', id: 'value of id' });
  });
});
