import { publicDescription, publicSentences } from './company-description';

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
    const started = process.hrtime.bigint();
    publicSentences(hostile);
    publicSentences('a. '.repeat(1700));
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(50);
  });
});

describe('publicDescription', () => {
  it('joins the public sentences', () => {
    expect(publicDescription('We roast coffee.\nInternal: margin 40%.\nWe ship.')).toBe(
      'We roast coffee. We ship.',
    );
  });
});
