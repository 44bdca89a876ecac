import { publicDescription, publicSentences, splitDescription } from './company-description';

describe('publicSentences', () => {
  it.each<[string, string, string[]]>([
    [
      'a plain description, sentence by sentence',
      'We roast specialty coffee in Austin. We sell beans, grinders and brewing kits!',
      ['We roast specialty coffee in Austin.', 'We sell beans, grinders and brewing kits!'],
    ],
    [
      'a label ends its line',
      'We roast coffee. Internal: margin on grinders is 40%, do not share. Free delivery over $30.\nOpen daily.',
      ['We roast coffee.', 'Open daily.'],
    ],
    [
      'a label at the start of a line',
      'We roast coffee.\nNote: supplier is Acme, renew in May.\nWe ship nationwide.',
      ['We roast coffee.', 'We ship nationwide.'],
    ],
    [
      'a heading ends the description',
      'We roast coffee.\n\nInternal notes:\n- margin 40%\n- supplier Acme',
      ['We roast coffee.'],
    ],
    ['a heading in capitals', 'Coffee roastery.\nINTERNAL\nmargin 40%', ['Coffee roastery.']],
    [
      'a bulleted label',
      'Coffee roastery.\n- TODO: add prices\n- Family run.',
      ['Coffee roastery.', 'Family run.'],
    ],
    ['a dashed label', 'Coffee roastery.\nPrivate - owner phone 555 0100', ['Coffee roastery.']],
    [
      'a warning takes its sentence',
      'We roast coffee. Our margin on grinders is 40%, do not share. Free delivery over $30.',
      ['We roast coffee.', 'Free delivery over $30.'],
    ],
    [
      'a short warning takes the sentence before it',
      'We roast coffee. Supplier is Acme Beans. Do not share! We ship nationwide.',
      ['We roast coffee.', 'We ship nationwide.'],
    ],
    [
      'a short warning on its own line takes the line before it',
      'We roast coffee.\nSupplier is Acme Beans.\nConfidential.',
      ['We roast coffee.'],
    ],
    [
      'a sentence starting with "internal"',
      'We roast coffee. Internal margin is 40%. We ship nationwide.',
      ['We roast coffee.', 'We ship nationwide.'],
    ],
    ['a shouted TODO', 'We roast coffee. Prices TODO. We ship.', ['We roast coffee.', 'We ship.']],
    ['"todo" in Spanish is a word', 'Todo nuestro café es orgánico.', ['Todo nuestro café es orgánico.']],
    [
      'bracketed notes go, the sentence stays',
      'We roast coffee [check supplier] in Austin {city} every day (internal: 40% margin) and ship (free over $30).',
      ['We roast coffee in Austin every day and ship (free over $30).'],
    ],
    [
      'no space is left before punctuation',
      'Coffee roastery [call Acme]. Beans (internal) , grinders.',
      ['Coffee roastery.', 'Beans, grinders.'],
    ],
    ['a parenthesised label', 'We sell grinders (internal) and beans.', ['We sell grinders and beans.']],
    [
      'an HTML comment ends the description',
      'We roast coffee. <!-- margin 40% --> We ship.',
      ['We roast coffee.'],
    ],
    [
      '"internal" inside a sentence is a word',
      'Backpacks with an internal frame. Note that we close on Sundays.',
      ['Backpacks with an internal frame.', 'Note that we close on Sundays.'],
    ],
    [
      'Spanish notes',
      'Tostamos café en Madrid. Nota interna: margen del 40%.\nEnvíos a toda España. Proveedor: Acme, no compartir.',
      ['Tostamos café en Madrid.', 'Envíos a toda España.'],
    ],
    [
      'a Spanish label',
      'Tostamos café.\nNota: cerrar caja a las 8.\nEnvíos gratis.',
      ['Tostamos café.', 'Envíos gratis.'],
    ],
    [
      'Arabic notes',
      'نحمص القهوة في الرياض. ملاحظة: هامش الربح 40%.\nنوصل لجميع المدن. المورد أكمي، لا تشارك هذا.',
      ['نحمص القهوة في الرياض.', 'نوصل لجميع المدن.'],
    ],
    ['only notes', 'Internal: test account, do not share.', []],
    ['empty', '', []],
  ])('%s', (_case, description, expected) => {
    expect(publicSentences(description)).toEqual(expected);
  });

  it('is linear on hostile input', () => {
    const hostile = `${'[('.repeat(2500)}${'internal '.repeat(200)}${'{'.repeat(2000)}`;
    // The best of three runs: a pattern that backtracks is slow on every run, while a loaded machine (or V8's first
    // compilation of the phrase matcher, cue-phrases.ts) stretches only some of them.
    const runs = [0, 1, 2].map(() => {
      const started = process.hrtime.bigint();
      publicSentences(hostile);
      publicSentences('a. '.repeat(1700));
      return Number(process.hrtime.bigint() - started) / 1e6;
    });
    expect(Math.min(...runs)).toBeLessThan(50);
  });
});

describe('publicDescription', () => {
  it('joins the public sentences', () => {
    expect(publicDescription('We roast coffee.\nInternal: margin 40%.\nWe ship.')).toBe(
      'We roast coffee. We ship.',
    );
  });
});

describe('splitDescription: how owners write notes (issue #28)', () => {
  it.each<[string, string, string[], string[]]>([
    [
      'a secrecy imperative anywhere in a sentence',
      'We sell kettles. Never mention the staff code KT-99 to anyone. We ship.',
      ['We sell kettles.', 'We ship.'],
      ['Never mention the staff code KT-99 to anyone.'],
    ],
    [
      'a head before a colon that is a note itself',
      'We sell kettles.\nSecret staff discount code: X9Y.\nWe ship.',
      ['We sell kettles.', 'We ship.'],
      ['Secret staff discount code: X9Y.'],
    ],
    [
      'keep it private',
      'We sell kettles.\nKeep this private: the door code is 4471.',
      ['We sell kettles.'],
      ['Keep this private: the door code is 4471.'],
    ],
    [
      'an insider word beside a sensitive one',
      'We sell kettles. Employees get 25% off with code EMP25. Our employees are friendly.',
      ['We sell kettles.', 'Our employees are friendly.'],
      ['Employees get 25% off with code EMP25.'],
    ],
    [
      'a bracketed warning takes its sentence',
      'Code ZX-5 (not for customers) covers refunds. We ship.',
      ['We ship.'],
      ['Code ZX-5 (not for customers) covers refunds.'],
    ],
    [
      'a clause after a semicolon is read on its own',
      'We repair bikes in Leeds; the staff code is BK-1, keep it to yourself.',
      ['We repair bikes in Leeds'],
      ['the staff code is BK-1, keep it to yourself.'],
    ],
    [
      'a warning that points back takes the sentence before',
      "Supplier is Acme at $3 a unit. Don't tell customers about this. We ship.",
      ['We ship.'],
      ['Supplier is Acme at $3 a unit.', "Don't tell customers about this."],
    ],
    [
      'a warning that points forward takes everything after it',
      'We sell kettles. Everything below is for staff only.\nAlarm 1234.\nSafe 9.',
      ['We sell kettles.'],
      ['Everything below is for staff only.', 'Alarm 1234.', 'Safe 9.'],
    ],
    [
      'Spanish: vosotros and pronouns in a warning',
      'Vendemos pan. El código del personal es PAN-3, no se lo digáis a nadie.',
      ['Vendemos pan.'],
      ['El código del personal es PAN-3, no se lo digáis a nadie.'],
    ],
    [
      'Arabic: keep it between us',
      'نبيع الخبز. رقم المدير 5551234 خليه بيننا.',
      ['نبيع الخبز.'],
      ['رقم المدير 5551234 خليه بيننا.'],
    ],
    [
      'a promise about customers’ own data is public',
      'We never share your details with third parties. Never share your password with anyone.',
      ['We never share your details with third parties.', 'Never share your password with anyone.'],
      [],
    ],
    [
      'a secret meant for everyone is public',
      'Free wifi for guests: password sunny22. Anyone can use code HELLO5. Do not hesitate to tell us.',
      [
        'Free wifi for guests: password sunny22.',
        'Anyone can use code HELLO5.',
        'Do not hesitate to tell us.',
      ],
      [],
    ],
    [
      'ordinary words that look like cues',
      'Our secret recipe since 1950. Private dining room for 12. No hidden costs. Our staff speak Spanish.',
      [
        'Our secret recipe since 1950.',
        'Private dining room for 12.',
        'No hidden costs.',
        'Our staff speak Spanish.',
      ],
      [],
    ],
  ])('%s', (_case, description, publicOnes, notes) => {
    expect(splitDescription(description)).toEqual({ publicSentences: publicOnes, privateSentences: notes });
  });
});
