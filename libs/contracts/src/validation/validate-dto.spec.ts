import { IsDefined, IsString } from 'class-validator';
import { ListMessagesQueryDto } from '../messaging/messages/list-messages-query.dto';
import { SimulateMessageDto } from '../messaging/messages/simulate-message.dto';
import { validateDto } from './validate-dto';

const message = { platform: 'instagram', content: 'Hi', platformUsername: '@ana', senderName: 'Ana' };

describe('validateDto', () => {
  it('returns an instance of the class with the cleaned values', () => {
    const result = validateDto(SimulateMessageDto, { ...message, content: '  Hi there  ' });
    expect(result).toEqual({ ok: true, value: { ...message, content: 'Hi there' } });
    expect(result.ok && result.value).toBeInstanceOf(SimulateMessageDto);
  });

  it.each([null, undefined, 'text', 42, [message]])('refuses a body that is not an object: %j', (body) => {
    expect(validateDto(SimulateMessageDto, body)).toEqual({
      ok: false,
      message: 'The request body must be a JSON object',
    });
  });

  it('refuses unknown fields, naming them', () => {
    expect(validateDto(SimulateMessageDto, { ...message, userId: 'someone-else' })).toEqual({
      ok: false,
      message: 'Unknown field "userId"',
      field: 'userId',
    });
  });

  it('explains the first failing field, in declaration order, and lists every bad field', () => {
    const result = validateDto(SimulateMessageDto, { platformUsername: '', senderName: 3 });
    expect(result).toMatchObject({ ok: false, message: 'Platform is required', field: 'platform' });
    const errors = result.ok ? [] : (result.errors ?? []);
    expect(errors[0]).toEqual({ field: 'platform', message: 'Platform is required' });
    expect(errors.map((e) => e.field)).toEqual(['platform', 'content', 'platformUsername', 'senderName']);
    for (const error of errors) expect(error.message).toMatch(/\w/);
  });

  it('lists no errors when one field alone is bad', () => {
    expect(validateDto(SimulateMessageDto, { ...message, content: '' })).toEqual({
      ok: false,
      message: expect.any(String),
      field: 'content',
    });
  });

  it('reads query objects without a prototype (as HTTP frameworks parse them)', () => {
    const query = Object.assign(Object.create(null) as object, { limit: '20', status: 'pending' });
    expect(validateDto(ListMessagesQueryDto, query)).toMatchObject({
      ok: true,
      value: { limit: 20, status: 'pending' },
    });
  });

  it('uses the constraint message of a plain class-validator class', () => {
    class NoteDto {
      @IsDefined({ message: 'Note is required' })
      @IsString({ message: 'Note must be text' })
      note!: string;
    }
    expect(validateDto(NoteDto, {})).toEqual({ ok: false, message: 'Note is required', field: 'note' });
    expect(validateDto(NoteDto, { note: 'ok' })).toMatchObject({ ok: true, value: { note: 'ok' } });
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'])(
    'refuses an unknown field named like a built-in of every object: %s',
    (key) => {
      const body = JSON.parse(
        `{"platform":"instagram","content":"Hi","platformUsername":"@ana","${key}":"x"}`,
      );
      expect(validateDto(SimulateMessageDto, body)).toEqual({
        ok: false,
        message: `Unknown field "${key}"`,
        field: key,
      });
    },
  );

  it.each([
    ['a NUL byte', 'Hi\u0000there'],
    ['an unpaired high surrogate', 'Hi \ud800'],
    ['an unpaired low surrogate', '\udc00 Hi'],
  ])('refuses text with %s, naming the field', (_what, content) => {
    expect(validateDto(SimulateMessageDto, { ...message, content })).toEqual({
      ok: false,
      message: 'Content contains a character that is not allowed',
      field: 'content',
    });
  });

  it('keeps text with paired surrogates (emoji) and other control characters people paste', () => {
    expect(validateDto(SimulateMessageDto, { ...message, content: 'Hi 👋\tthere\r\n' })).toMatchObject({
      ok: true,
    });
  });

  it('names a field whose decorators do not check text, from the net under them', () => {
    class TokenDto {
      @IsString()
      token!: string;
    }
    expect(validateDto(TokenDto, { token: 'a\u0000b' })).toEqual({
      ok: false,
      message: '"token" contains a character that is not allowed',
      field: 'token',
    });
  });
});
