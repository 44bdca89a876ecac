import { checkPassword, PASSWORD_CHECKLIST_RULES, PASSWORD_RULES } from './password-rules';

const failedIds = (password: string) => checkPassword(password).map((rule) => rule.id);

describe('password rules', () => {
  it.each([
    ['Passw0rd!', []],
    ['Tr0ub4dor&3', []],
    ['aaa', ['minLength', 'uppercase', 'number', 'special', 'repeats']],
    ['', ['minLength', 'uppercase', 'lowercase', 'number', 'special']],
    ['password', ['uppercase', 'number', 'special']],
    ['PASSW0RD!', ['lowercase']],
    ['Password!', ['number']],
    ['Passw0rdd', ['special']],
    ['Pasw0rd!', []],
    ['Pa1!Pa1!', []],
    ['Pa1!Pa1!P', ['repeats']],
    ['Abcdefg1 ', []],
    ['Ab1!Ab1!aA', ['repeats']],
    ['Ünïcödé1!', []],
    ['ÑANDÚ1!x', []],
    ['مرحبا123!', ['uppercase', 'lowercase']],
    ['Pa٣word!', []],
    ['Hello🙂World1', ['repeats']],
    ['Heyo🙂Wrd1', []],
    ['🙂🙂🙂Aa1!xyz', ['repeats']],
  ])('%j breaks %j', (password, expected) => {
    expect(failedIds(password)).toEqual(expected);
  });

  it('counts code points, so seven emoji are too short and eight are enough', () => {
    expect(failedIds('Aa1😀😁😂😃')).toEqual(['minLength']);
    expect(failedIds('Aa1😀😁😂😃😄')).toEqual([]);
  });

  it('allows 128 characters and refuses 129', () => {
    const base = 'Aa1!';
    const filler = Array.from({ length: 124 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
    expect(failedIds(base + filler)).toEqual([]);
    expect(failedIds(base + filler + 'z')).toEqual(['maxLength']);
  });

  it('carries the exact messages of the spec, in checklist order', () => {
    expect(PASSWORD_CHECKLIST_RULES.map((rule) => rule.message)).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
      'No character can repeat more than twice',
    ]);
    expect(PASSWORD_RULES.at(-1)?.message).toBe('Password must be at most 128 characters');
  });

  it('returns failed rules in order, the first being the one to show', () => {
    expect(checkPassword('abc')[0].message).toBe('Password must be at least 8 characters');
  });
});
