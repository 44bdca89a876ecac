import { DomainException, ErrorCode } from '@parley/contracts';
import { Liquid, type Template } from 'liquidjs';

/** What a mail's text may name: `{{firstName}}`, `{{ firstName | default: "there" }}`, …. */
export interface MailVariables {
  firstName: string | null;
  lastName: string | null;
  email: string;
  companyName: string;
}

/** Owners' templates never read files: `{% include %}` and `{% render %}` find nothing. */
const NO_FILES = {
  exists: () => Promise.resolve(false),
  existsSync: () => false,
  readFile: () => Promise.reject(new Error('Email templates cannot include files')),
  readFileSync: () => {
    throw new Error('Email templates cannot include files');
  },
  resolve: (_dir: string, file: string) => file,
};

/**
 * liquidjs with what owner-written templates need: an unknown filter is an error when the template is
 * saved (strictFilters), an unknown variable is empty, only own properties are read, and a template may
 * not take more than 200 ms or 10 MB to render (a `{% for %}` over a huge range).
 */
const options = {
  fs: NO_FILES,
  relativeReference: false,
  strictFilters: true,
  ownPropertyOnly: true,
  parseLimit: 1_000_000,
  renderLimit: 200,
  memoryLimit: 10_000_000,
};
/** For HTML: every value a variable puts in is HTML-escaped (a first name of `<script>` stays text). */
const htmlEngine = new Liquid({ ...options, outputEscape: 'escape' });
/** For the subject and the text part, which are not HTML. */
const textEngine = new Liquid(options);

/** Parsed templates of the texts sent lately (a campaign's content is parsed once, not once per recipient). */
const parsed = new Map<string, Template[]>();
const PARSED_KEPT = 100;

function parse(engine: Liquid, text: string): Template[] {
  const key = `${engine === htmlEngine ? 'h' : 't'}${text}`;
  let templates = parsed.get(key);
  if (templates === undefined) {
    templates = engine.parse(text);
    if (parsed.size >= PARSED_KEPT) parsed.clear();
    parsed.set(key, templates);
  }
  return templates;
}

/** The owner's HTML with the recipient's values in it, each escaped. */
export function personaliseHtml(html: string, variables: MailVariables): Promise<string> {
  return htmlEngine.render(parse(htmlEngine, html), variables) as Promise<string>;
}

/** A subject or text part with the recipient's values in it, as they are. */
export function personaliseText(text: string, variables: MailVariables): Promise<string> {
  return textEngine.render(parse(textEngine, text), variables) as Promise<string>;
}

/** Why `text` is not a template that can be sent (a tag never closed, an unknown filter), or undefined. */
export function templateProblem(text: string): string | undefined {
  try {
    textEngine.parse(text);
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}

/**
 * Refuses (400 naming the field) a subject or content that would not render: checked when it is saved,
 * so a campaign never fails recipient after recipient on a typo.
 */
export function requireTemplates(fields: Record<string, string | null | undefined>): void {
  for (const [field, text] of Object.entries(fields)) {
    const problem = text ? templateProblem(text) : undefined;
    if (problem !== undefined) {
      throw new DomainException(ErrorCode.ValidationFailed, `${LABELS[field] ?? field} has a template error: ${problem}`, {
        field,
      });
    }
  }
}

const LABELS: Record<string, string> = {
  subject: 'Subject',
  htmlContent: 'Email content',
  textContent: 'Text content',
};
