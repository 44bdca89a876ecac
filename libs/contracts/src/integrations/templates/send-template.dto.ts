import { ArrayMaxSize, IsArray, IsString, Matches, MaxLength } from 'class-validator';
import { compose } from '../../validation/compose';
import { RequiredText } from '../../validation/text-fields';
import { WellFormedText } from '../../validation/well-formed-text';
import { TEMPLATE_PARAMETER_MAX, TEMPLATE_PARAMETER_PATTERN, type TemplateChoice } from './whatsapp-template';

/** Meta's longest template name, and more parameters than any approved body has. */
const NAME_MAX = 512;
const LANGUAGE_MAX = 20;
const PARAMETERS_MAX = 50;

/**
 * POST /api/conversations/{customerId}/template: an approved WhatsApp template to a WhatsApp customer,
 * inside or outside the 24-hour window. The count of parameters is checked against the template itself
 * (its name and language must be one of GET …/templates).
 */
export class SendTemplateDto implements TemplateChoice {
  @RequiredText('Template name', { max: NAME_MAX })
  name!: string;

  @RequiredText('Template language', { max: LANGUAGE_MAX })
  language!: string;

  /** Absent for a template without parameters. */
  @compose(
    IsArray({ message: 'Parameters must be a list of text' }),
    ArrayMaxSize(PARAMETERS_MAX, { message: `Parameters can have at most ${PARAMETERS_MAX} items` }),
    IsString({ each: true, message: 'Parameters must be a list of text' }),
    WellFormedText('Parameters', { each: true }),
    MaxLength(TEMPLATE_PARAMETER_MAX, {
      each: true,
      message: `Parameters must each be at most ${TEMPLATE_PARAMETER_MAX} characters`,
    }),
    Matches(/\S/, { each: true, message: 'Parameters cannot be blank' }),
    Matches(TEMPLATE_PARAMETER_PATTERN, {
      each: true,
      message: 'Parameters cannot hold a new line, a tab or more than 4 spaces in a row',
    }),
  )
  parameters: string[] = [];
}
